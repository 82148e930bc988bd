# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion for ldm(8) and ldmd(8)

_ldm_root()
{
	local i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case "${COMP_WORDS[i]}" in
		--root | -r) echo "${COMP_WORDS[i + 1]}"; return ;;
		--root=*) echo "${COMP_WORDS[i]#--root=}"; return ;;
		esac
	done
	echo "${LDM_ROOT:-/run/ldm}"
}

# The names of the loaded modules, asked of ldmd (nothing if none runs).
_ldm_modules()
{
	ldm --root "$(_ldm_root)" lsmod 2>/dev/null | awk 'NR > 1 { print $1 }'
}

_ldm()
{
	local cur prev verb i
	local verbs="insmod rmmod lsmod modinfo depmod modprobe modpost symbols tree monitor exec device hw suspend resume dmesg shutdown reboot run audit"
	cur="${COMP_WORDS[COMP_CWORD]}"
	prev="${COMP_WORDS[COMP_CWORD - 1]}"

	for ((i = 1; i < COMP_CWORD; i++)); do
		case "${COMP_WORDS[i]}" in
		--root | -r) ((i++)) ;;
		-*) ;;
		*) verb="${COMP_WORDS[i]}"; break ;;
		esac
	done
	if [[ $prev == --root || $prev == -r || $prev == --modules ]]; then
		COMPREPLY=($(compgen -d -- "$cur"))
		return
	fi
	if [[ -z $verb ]]; then
		COMPREPLY=($(compgen -W "$verbs --root --help --version" -- "$cur"))
		return
	fi
	case "$verb" in
	insmod | modinfo | modpost | symbols | run)
		if [[ $verb == run && $prev == --rmmod ]]; then
			return
		fi
		case "$cur" in
		-*) COMPREPLY=($(compgen -W "--root --help --verbose -F --field --author --description --license --parameters --filename --null --modules --json --rmmod" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -f -X '!*.@(ko|o)' -- "$cur") $(compgen -d -- "$cur")) ;;
		esac
		;;
	rmmod)
		case "$cur" in
		-*) COMPREPLY=($(compgen -W "--root --force --verbose --help" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_ldm_modules)" -- "$cur")) ;;
		esac
		;;
	modprobe)
		case "$cur" in
		-*) COMPREPLY=($(compgen -W "--root --modules --remove --verbose --quiet --help" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_ldm_modules)" -- "$cur")) ;;
		esac
		;;
	depmod)
		case "$cur" in
		-*) COMPREPLY=($(compgen -W "--verbose --help" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -d -- "$cur")) ;;
		esac
		;;
	lsmod | tree | dmesg | monitor)
		COMPREPLY=($(compgen -W "--root --json --help --level" -- "$cur"))
		;;
	device)
		if [[ $prev == device ]]; then
			COMPREPLY=($(compgen -W "add remove --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "--root --id --mem --io --irq --help" -- "$cur"))
		fi
		;;
	hw)
		if [[ $prev == hw ]]; then
			COMPREPLY=($(compgen -W "list dump read write irq trace fault clock --root --help" -- "$cur"))
		elif [[ $prev == trace ]]; then
			COMPREPLY=($(compgen -W "on off" -- "$cur"))
		elif [[ $prev == clock ]]; then
			COMPREPLY=($(compgen -W "manual auto advance" -- "$cur"))
		fi
		;;
	suspend)
		COMPREPLY=($(compgen -W "standby mem disk --root --help" -- "$cur"))
		;;
	resume | shutdown | reboot)
		COMPREPLY=($(compgen -W "--root --help" -- "$cur"))
		;;
	exec)
		if [[ $prev == exec ]]; then
			COMPREPLY=($(compgen -W "--root --modules --no-events --udevd --help" -- "$cur") $(compgen -c -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		;;
	audit)
		_ldm_audit
		;;
	esac
}
complete -F _ldm ldm

# ldm audit [OPTIONS] [QUESTION [ARGS...]]
_ldm_audit()
{
	local questions="summary users imports exports unused violations what-if diff deps"
	local options="--tree --symvers --runtime --policy --json --jobs --help"
	local q="" i

	for ((i = 2; i < COMP_CWORD; i++)); do
		case "${COMP_WORDS[i]}" in
		--tree | -t | --symvers | -s | --old-symvers | --new-symvers | --policy | --jobs | -j | --gpl-only | --unexport | --patch) ((i++)) ;;
		-*) ;;
		*) [[ -z $q ]] && q="${COMP_WORDS[i]}" ;;
		esac
	done
	case "$prev" in
	--tree | -t) COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.@(ko|ko.xz|ko.zst|ko.gz)' -- "$cur")); return ;;
	--symvers | -s | --old-symvers | --new-symvers | --patch) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--policy) COMPREPLY=($(compgen -W "seed 2.6.10 2.6.9" -- "$cur")); return ;;
	--jobs | -j | --gpl-only | --unexport) return ;;
	esac
	if [[ -z $q ]]; then
		COMPREPLY=($(compgen -W "$questions $options" -- "$cur"))
		return
	fi
	case "$q" in
	what-if) COMPREPLY=($(compgen -W "--gpl-only --unexport --patch $options" -- "$cur")) ;;
	deps) COMPREPLY=($(compgen -W "--dot $options" -- "$cur")) ;;
	diff) COMPREPLY=($(compgen -W "--old-symvers --new-symvers $options" -- "$cur") $(compgen -f -- "$cur")) ;;
	*) [[ $cur == -* ]] && COMPREPLY=($(compgen -W "$options" -- "$cur")) ;;
	esac
}

_ldmd()
{
	local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"

	case "$prev" in
	--root | -r) COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--board) COMPREPLY=($(compgen -f -X '!*.dt[sb]' -- "$cur") $(compgen -d -- "$cur")); return ;;
	--sysfs) COMPREPLY=($(compgen -W "modern 2.6.9" -- "$cur")); return ;;
	--modules | -m) COMPREPLY=($(compgen -d -- "$cur")); return ;;
	--export-policy) COMPREPLY=($(compgen -W "seed 2.6.10 2.6.9" -- "$cur")); return ;;
	esac
	case "$cur" in
	-*) COMPREPLY=($(compgen -W "--root --foreground --board --modules --sysfs --export-policy --help --version" -- "$cur")) ;;
	*) COMPREPLY=($(compgen -f -X '!*.@(ko|ko.xz|ko.zst|ko.gz)' -- "$cur") $(compgen -d -- "$cur")) ;;
	esac
}
complete -F _ldmd ldmd
