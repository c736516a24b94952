#!/bin/sh
# Regenerates the demo cameras' pre-encoded clips under hub/cameras/media/ (issue 12) with Debian's
# ffmpeg (`apt-get install ffmpeg`). The hub only reads the committed files: `npm start` needs no
# ffmpeg. Run from anywhere: `sh scripts/make-demo-media.sh`. Each section writes only its own files.
set -eu
MEDIA="$(cd "$(dirname "$0")/.." && pwd)/hub/cameras/media"
command -v ffmpeg >/dev/null || { echo "ffmpeg not found (apt-get install ffmpeg)" >&2; exit 1; }

# --- HLS (hub/cameras/hls/demo.ts): H.264 Constrained Baseline in MPEG-TS, 640x360, 15 fps, 8 s of
# ffmpeg's test source cut into 4 segments of 2 s (one keyframe at the start of each), no audio,
# about 220 KB. The hub loops them as a live sliding-window playlist and serves them as
# <sequence>.ts. Output: media/hls/clip.m3u8 and seg0..3.mpegts (not .ts: TypeScript and ESLint
# would read those as source).
HLS="$MEDIA/hls"
rm -rf "$HLS" && mkdir -p "$HLS"
ffmpeg -hide_banner -loglevel error -nostdin -f lavfi -i "testsrc2=size=640x360:rate=15:duration=8" \
  -an -c:v libx264 -preset veryslow -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 32 -bf 0 \
  -g 30 -keyint_min 30 -sc_threshold 0 -flags +cgop -fflags +bitexact -map_metadata -1 \
  -f hls -hls_time 2 -hls_list_size 0 -hls_playlist_type vod -hls_segment_type mpegts \
  -hls_segment_filename "$HLS/seg%d.mpegts" "$HLS/clip.m3u8"
echo "HLS clip: $(du -cb "$HLS"/seg*.mpegts | tail -1 | cut -f1) bytes in $HLS"
# --- end HLS

# --- WebRTC (hub/cameras/rtc/): ffmpeg's test picture (testsrc2: moving shapes and a running frame
# counter), 4 s at 15 frames per second, VP8 (libvpx, one keyframe per second, no alt-ref frames so
# every frame is shown) in an IVF file the hub loops over WebRTC: demo-full.ivf (640x360) and
# demo-mobile.ivf (320x180).
encode_vp8() { # <size> <bitrate> <file>
  ffmpeg -hide_banner -loglevel error -nostdin -y -f lavfi -i "testsrc2=size=$1:rate=15" -t 4 \
    -c:v libvpx -b:v "$2" -g 15 -keyint_min 15 -deadline realtime -auto-alt-ref 0 -threads 1 "$MEDIA/$3"
}
encode_vp8 640x360 300k demo-full.ivf
encode_vp8 320x180 120k demo-mobile.ivf
ls -l "$MEDIA"/*.ivf
# --- end WebRTC
