# fish completion for dbgsh: its command-line options.
# Generated from shell/options.def by shell/gen/gen_cmds.c; do not edit.

function __dbgsh_modules
    for f in *.erl
        string replace -r '[.]erl$' '' -- $f
    end
end

complete -c dbgsh -s e -x -d 'evaluate Erlang expressions and exit'
complete -c dbgsh -o pa -x -a '(__fish_complete_directories)' -d 'add a directory to the code path'
complete -c dbgsh -o config -r -F -d 'read an application configuration file'
complete -c dbgsh -s I -x -a '(__fish_complete_directories)' -d 'add a directory to the include path'
complete -c dbgsh -s D -x -d 'predefine a macro'
complete -c dbgsh -s S -x -d 'number of scheduler threads'
complete -c dbgsh -l disasm -x -a '(__dbgsh_modules)' -d 'print the VM code of a module and exit'
complete -c dbgsh -s x -r -F -d 'run a script of commands and exit'
complete -c dbgsh -l color -x -d 'when to colour the output'
complete -c dbgsh -l json -d 'print trace events as JSON lines'
complete -c dbgsh -l clock -x -d 'how timestamps print'
complete -c dbgsh -f -a '+Mis' -d 'keep the memory counters'
complete -c dbgsh -f -a '+Mim' -d 'keep the allocation map'
complete -c dbgsh -l mem-map -d 'keep the allocation map'
complete -c dbgsh -f -a '+hmax' -d 'max_heap_size of every process'
complete -c dbgsh -f -a '+hmaxk' -d 'whether max_heap_size kills'
complete -c dbgsh -f -a '+hmaxel' -d 'whether max_heap_size reports'
complete -c dbgsh -f -a '+hms' -d 'min_heap_size of every process'
complete -c dbgsh -f -a '+hmbs' -d 'min_bin_vheap_size of every process'
complete -c dbgsh -l format -d 'print dbg trace port files and exit'
complete -c dbgsh -l wrap -x -d 'a wrap set of trace files'
complete -c dbgsh -l grep -x -d 'only the events matching a regex'
complete -c dbgsh -s v -d 'with --grep, the events not matching'
complete -c dbgsh -s o -r -F -d 'write to a file instead of standard output'
complete -c dbgsh -s h -l help -d 'print a summary of the options'
complete -c dbgsh -s V -l version -d 'print the version'
