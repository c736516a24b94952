#!/usr/bin/env bash
# Regenerates the demo cameras' WebRTC clips (hub/cameras/media/, issue 12): ffmpeg's synthetic test
# picture (testsrc2: moving shapes and a running frame counter), 4 s at 15 frames per second,
# encoded as VP8 (libvpx, one keyframe per second, no alt-ref frames so every frame is shown) in
# an IVF file the hub loops over WebRTC. Needs Debian's ffmpeg (apt install ffmpeg); the hub itself
# never does: it ships these files.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=hub/cameras/media

encode() { # <size> <bitrate> <file>
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=$1:rate=15" -t 4 \
    -c:v libvpx -b:v "$2" -g 15 -keyint_min 15 -deadline realtime -auto-alt-ref 0 -threads 1 "$OUT/$3"
}

encode 640x360 300k demo-full.ivf
encode 320x180 120k demo-mobile.ivf
ls -l "$OUT"/*.ivf
