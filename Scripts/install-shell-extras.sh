#!/usr/bin/env bash
# Installs hannun's shell completion (bash, zsh, fish) and man pages for the current user.
#
#   Scripts/install-shell-extras.sh [--prefix DIR] [--binary PATH]
#
# Completion scripts come from `hannun --generate-completion-script`; man pages from
# swift-argument-parser's generate-manual plugin. Default prefix: ${XDG_DATA_HOME:-~/.local/share}.
# Afterwards: bash loads completions from PREFIX/bash-completion/completions automatically (with
# the bash-completion package); for zsh add PREFIX/zsh/site-functions to fpath; fish reads
# ~/.config/fish/completions; `man hannun` finds PREFIX/man when MANPATH includes it (it does by
# default for ~/.local/share/man on most systems).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${XDG_DATA_HOME:-$HOME/.local/share}"
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  swift build -c release --product hannun >/dev/null
  binary="$(swift build -c release --show-bin-path)/hannun"
fi

mkdir -p "$prefix/bash-completion/completions" "$prefix/zsh/site-functions" \
  "${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions" "$prefix/man/man1"
"$binary" --generate-completion-script bash >"$prefix/bash-completion/completions/hannun"
"$binary" --generate-completion-script zsh >"$prefix/zsh/site-functions/_hannun"
"$binary" --generate-completion-script fish \
  >"${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions/hannun.fish"

swift package --allow-writing-to-package-directory generate-manual --multi-page \
  --output-directory "$prefix/man/man1" >/dev/null
echo "installed completion for bash, zsh and fish, and $(ls "$prefix/man/man1"/hannun*.1 | wc -l) man pages under $prefix"
