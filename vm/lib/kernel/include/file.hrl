%% kernel/include/file.hrl: the records of OTP's file module.
-ifndef(FILE_HRL_).
-define(FILE_HRL_, 1).

%% What file:read_file_info/1,2 and read_link_info/1,2 return. The times
%% are {{Y, Mo, D}, {H, Mi, S}} (local, or universal with {time,
%% universal}) or seconds since the epoch ({time, posix}).
-record(file_info,
        {size :: non_neg_integer() | undefined,        % bytes
         type :: device | directory | other | regular | symlink | undefined,
         access :: read | write | read_write | none | undefined,
         atime :: file:date_time() | non_neg_integer() | undefined, % last read
         mtime :: file:date_time() | non_neg_integer() | undefined, % last written
         ctime :: file:date_time() | non_neg_integer() | undefined, % inode changed
         mode :: non_neg_integer() | undefined,        % permission bits
         links :: non_neg_integer() | undefined,
         major_device :: non_neg_integer() | undefined, % the file system
         minor_device :: non_neg_integer() | undefined, % for devices
         inode :: non_neg_integer() | undefined,
         uid :: non_neg_integer() | undefined,
         gid :: non_neg_integer() | undefined}).

%% A file opened by a module of its own (Module handles Data).
-record(file_descriptor, {module :: module(), data :: term()}).

-endif.
