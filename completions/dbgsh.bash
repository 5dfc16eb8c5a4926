# bash completion for dbgsh: its command-line options.
# Generated from shell/options.def by shell/gen/gen_cmds.c; do not edit.

_dbgsh_modules() {
    local f
    for f in *.erl; do
        [ -e "$f" ] && printf '%s\n' "${f%.erl}"
    done
}

_dbgsh() {
    local cur=${COMP_WORDS[COMP_CWORD]} kind=
    COMPREPLY=()
    # a value of the option K words back (K = 1, 2, ...)
    if [ -z "$kind" ] && [ "$COMP_CWORD" -ge 1 ]; then
        case ${COMP_WORDS[COMP_CWORD-1]} in
        -e) kind=word ;;
        -pa) kind=dir ;;
        -config) kind=file ;;
        -I) kind=dir ;;
        -D) kind=word ;;
        -S) kind=number ;;
        --disasm) kind=module ;;
        -x) kind=file ;;
        --color) kind=word ;;
        --clock) kind=word ;;
        +Mis) kind=word ;;
        +Mim) kind=word ;;
        +hmax) kind=number ;;
        +hmaxk) kind=word ;;
        +hmaxel) kind=word ;;
        +hms) kind=number ;;
        +hmbs) kind=number ;;
        --wrap) kind=word ;;
        --grep) kind=word ;;
        -o) kind=file ;;
        esac
    fi
    if [ -z "$kind" ] && [ "$COMP_CWORD" -ge 2 ]; then
        case ${COMP_WORDS[COMP_CWORD-2]} in
        --wrap) kind=word ;;
        esac
    fi
    case $kind in
    dir) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return 0 ;;
    file) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return 0 ;;
    module) mapfile -t COMPREPLY < <(compgen -W "$(_dbgsh_modules)" -- "$cur"); return 0 ;;
    ?*) return 0 ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "-e -pa -config -I -D -S --disasm -x --color --json --clock +Mis +Mim --mem-map +hmax +hmaxk +hmaxel +hms +hmbs --format --wrap --grep -v -o -h --help -V --version" -- "$cur")
        return 0
    fi
    # FILE.erl modules to load, or trace files with --format
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _dbgsh dbgsh
