# mem, mem diff, mem top, mem map: the classes in order, a 5 MB binary
# held in a shell variable showing up in diff under binary_data, the
# shell's process in top, the map written and read back, and the errors.
# Figures vary from run to run: sizes print as SIZE, counts as N.
norm() {
    sed -E 's/[0-9]+(\.[0-9])? (B|KiB|MiB|GiB)/SIZE/g; s/<0\.[0-9]+\.0>/<PID>/g; s/ +[0-9]+( #+)?$/ N/;
            s/[+-][0-9]+$/DELTA/; s/[0-9]+\.[0-9]%/P%/; s/^(<PID> +SIZE +P% +)[0-9]+/\1N/; s/^[0-9]+ processes/N processes/;
            s/wrote [0-9]+ blocks/wrote N blocks/; s/ #+$//; s/ +/ /g'
}
"$DBGSH" <<'IN' | norm | grep -v '^ '
mem diff
mem
mem top 1
mem top x
mem map m.txt
IN
echo "exit ${PIPESTATUS[0]}"
echo "-- the types under a class"
printf 'mem\n' | "$DBGSH" | norm | grep -E '^ (heap|binary|atom_text|code) '
echo "-- the diff of a binary"
printf 'mem\nB = binary:copy(<<7>>, 5000000), ok.\nmem diff\n' | "$DBGSH" | norm | grep -E '^ *binary'
echo "-- with the map"
"$DBGSH" --mem-map <<'IN' | norm
mem map m.txt
{Hdr, Blocks} = instrument:read_memory_data("m.txt"), {element(1, Hdr), length(Blocks) > 100}.
mem map /nonexistent/m.txt
IN
echo "exit ${PIPESTATUS[0]}"
echo "-- +Mis false"
printf 'mem\nmem diff\n' | "$DBGSH" +Mis false
echo "exit $?"
