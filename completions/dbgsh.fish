# fish completion for dbgsh
complete -c dbgsh -s h -l help -d 'Print a summary of the options'
complete -c dbgsh -s V -l version -d 'Print the version'
