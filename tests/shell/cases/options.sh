# --version, --help, and a bad option (exit 2)
"$DBGSH" --version
"$DBGSH" -h | head -n 1
"$DBGSH" --bogus
