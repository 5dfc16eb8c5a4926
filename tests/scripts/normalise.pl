#!/usr/bin/env perl
# normalise.pl [FILE...]: rewrites one program's output so that it can be
# compared across VMs. Pids <A.B.C> become <PID1>, <PID2>, ... numbered by
# first appearance (the same pid keeps its number); likewise refs
# (#Ref<...> -> <REF1>), funs (#Fun<...> -> <FUN1>) and ports
# (#Port<...> -> <PORT1>). Reads FILEs or stdin, writes stdout.
use strict;
use warnings;
my %seen;
my %count;
sub tag {
    my ($kind, $text) = @_;
    my $key = "$kind\0$text";
    $seen{$key} //= "<$kind" . ++$count{$kind} . ">";
    return $seen{$key};
}
binmode STDIN;
binmode STDOUT;
while (my $line = <>) {
    $line =~ s/#Ref<[0-9.]+>/tag('REF', $&)/ge;
    $line =~ s/#Fun<[^<>\s]+>/tag('FUN', $&)/ge;
    $line =~ s/#Port<[0-9.]+>/tag('PORT', $&)/ge;
    $line =~ s/<[0-9]+\.[0-9]+\.[0-9]+>/tag('PID', $&)/ge;
    print $line;
}
