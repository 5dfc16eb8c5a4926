# bash completion for dbgsh
_dbgsh() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    COMPREPLY=($(compgen -W "--help --version -h -V" -- "$cur"))
}
complete -F _dbgsh dbgsh
