#!/usr/bin/env bash
# Remakes screenshots/*.png from a real run of kibitzer in tmux: the list,
# a deal mid-play, and a quiz with hidden hands. Needs tmux, python3 and
# the DejaVu fonts (Debian: tmux fonts-dejavu-core); Pillow is installed
# into a throwaway virtual environment.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --release --quiet
venv="$(mktemp -d)"
python3 -m venv "$venv" && "$venv/bin/pip" install --quiet pillow
session="kibitzer-shots-$$"
shot() { # name, keys...
    local name="$1"; shift
    tmux new-session -d -s "$session" -x 120 -y 36 "TERM=xterm-256color $root/target/release/kibitzer"
    sleep 1
    for key in "$@"; do tmux send-keys -t "$session" "$key"; sleep 0.2; done
    sleep 0.5
    tmux capture-pane -e -p -t "$session" > "$venv/$name.ans"
    tmux kill-session -t "$session"
    "$venv/bin/python" scripts/ansi_to_png.py "$venv/$name.ans" "screenshots/$name.png"
    echo "screenshots/$name.png"
}
shot list j
shot deal-mid-play Enter l l l l l l l l l l
shot quiz-hidden-hands j j j j Enter l l l l
rm -rf "$venv"
