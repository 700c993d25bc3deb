#!/usr/bin/env bash
# A class folder on a real file server: starts a Samba server on 127.0.0.1
# (its own smb.conf, port, pid, lock and state folders, in a temporary
# directory), a D-Bus session with GVfs, mounts the share with
# `gio mount smb://127.0.0.1:PORT/classes` as a guest, and runs three
# computers (the teacher's and two pupils', three data folders) through it
# with xqtool: create, join (the folder, and a class file handed out),
# sync, one pupil's computer offline (the share unmounted) working on,
# back, and the class report and CSV from the share, checked exactly; a
# damaged learner file on the share is set aside.  Then it unmounts and
# stops everything it started.
#
#   tools/check-class-share.sh [BUILD_DIR]     (default: build)
#
# Installs nothing: tools/install-deps.sh brings samba, smbclient, gvfs,
# gvfs-backends, gvfs-fuse and dbus.  Prints TAP ("ok N - …") and a last
# line "N passed, N failed".  When the server cannot start, or the share
# cannot be mounted, it fails and says why: it never skips.
set -uo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build}
case $build in /*) ;; *) build=$src/$build ;; esac
xqtool=$build/src/cli/xqtool

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
check() { local what=$1; shift; if "$@" >/dev/null; then ok "$what"; else not_ok "$what"; fi; }
# A step that cannot go wrong without the rest making no sense.
die() {
  not_ok "$*"
  echo "# check-class-share: $*" >&2
  if [ -n "${errlog:-}" ] && [ -s "$errlog" ]; then
    echo "# the last of what GVfs, Samba's client and xqtool said:"; tail -15 "$errlog" | sed 's/^/#   /'
  fi
  echo "1..$n"
  echo "$((n - failed)) passed, $failed failed"
  exit 1
}

# ---- Inside a D-Bus session of its own (GVfs lives on the session bus) ------------
if [ -z "${XQ_SHARE_INNER:-}" ]; then
  for tool in smbd smbclient gio dbus-run-session python3 pdftotext; do
    command -v "$tool" >/dev/null || die "$tool is not installed: run tools/install-deps.sh"
  done
  for f in /usr/libexec/gvfsd /usr/libexec/gvfsd-smb; do
    [ -x "$f" ] || die "$f is not installed (packages gvfs, gvfs-backends): run tools/install-deps.sh"
  done
  [ -x "$xqtool" ] || die "no xqtool in $build: build first (meson setup build && ninja -C build)"
  work=$(mktemp -d "${TMPDIR:-/tmp}/xq-class-share-XXXXXX")
  chmod 755 "$work"
  export XQ_SHARE_INNER=1 XQ_SHARE_WORK=$work
  # Set before the session bus starts: GVfs's daemons (started by the bus)
  # take their runtime folder and home from it, not from the scripts.
  export XDG_RUNTIME_DIR=$work/runtime HOME=$work/home XDG_CONFIG_HOME=$work/home/config
  export XDG_CACHE_HOME=$work/home/cache XDG_DATA_HOME=$work/home/data LC_ALL=C.UTF-8 TZ=UTC
  mkdir -p "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
  chmod 700 "$XDG_RUNTIME_DIR"
  unset GIO_USE_VFS
  start=$(date +%s.%N)
  mkdir -p "$work/log"
  # The bus and the daemons it starts (GVfs, smbd's client library) print
  # to the bus's stdout and stderr: into a log, not into the TAP stream,
  # which the inner run writes to fd 3.
  timeout 170 dbus-run-session -- "$0" "$build" 3>&1 >"$work/log/daemons.log" 2>&1
  rc=$?
  if [ $rc -ne 0 ] && [ -s "$work/log/daemons.log" ]; then
    echo "# the last of what the session bus and GVfs said:"
    tail -15 "$work/log/daemons.log" | sed 's/^/#   /'
  fi
  # Whatever the inner run left (a server killed by the timeout).
  if [ -f "$work/run/smbd.pid" ]; then kill "$(cat "$work/run/smbd.pid")" 2>/dev/null; fi
  rm -rf "$work"
  end=$(date +%s.%N)
  echo "# check-class-share: $(python3 -c "print(f'{$end - $start:.1f}')") s in all"
  [ $rc -eq 124 ] && echo "# check-class-share: stopped after 170 s" >&2
  exit $rc
fi

work=$XQ_SHARE_WORK
exec 1>&3 3>&-
# GVfs warns on stderr about things that do not matter here (no volume
# monitor, no peer-to-peer socket); kept in a log, shown when a step fails.
mkdir -p "$work/log"
errlog=$work/log/stderr.log
exec 2>>"$errlog"

t0=$(date +%s.%N)
since() { python3 -c "print(f'{$(date +%s.%N) - $1:.2f}')"; }

# ---- The Samba server ----------------------------------------------------------------
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/share" "$work/run" "$work/lock" "$work/state" "$work/cache" "$work/private" "$work/log"
chmod 777 "$work/share"
me=$(id -un)
cat >"$work/smb.conf" <<EOF
[global]
  server role = standalone server
  workgroup = XQTEST
  netbios name = XQTEST
  interfaces = 127.0.0.1
  bind interfaces only = yes
  smb ports = $port
  disable netbios = yes
  server min protocol = SMB2
  map to guest = Bad User
  guest account = $me
  pid directory = $work/run
  lock directory = $work/lock
  state directory = $work/state
  cache directory = $work/cache
  private dir = $work/private
  ncalrpc dir = $work/run/ncalrpc
  log file = $work/log/smbd.log
  max log size = 0
  load printers = no
  printing = bsd
  printcap name = /dev/null
  disable spoolss = yes
  usershare path =
  passdb backend = tdbsam:$work/private/passdb.tdb

[classes]
  path = $work/share
  read only = no
  guest ok = yes
  guest only = yes
  force user = $me
  create mask = 0644
  directory mask = 0755
EOF
# A session of its own: smbd, stopping, signals its whole process group.
setsid smbd --foreground --no-process-group --configfile="$work/smb.conf" >"$work/log/smbd.out" 2>&1 &
smbd_pid=$!
echo "$smbd_pid" >"$work/run/smbd.pid"
cleanup() {
  [ -n "${mounted:-}" ] && gio mount -u "smb://127.0.0.1:$port/classes" >/dev/null 2>&1
  kill "$smbd_pid" 2>/dev/null
  wait "$smbd_pid" 2>/dev/null
}
trap cleanup EXIT

up=
deadline=$(( $(date +%s) + 60 ))
while [ "$(date +%s)" -lt "$deadline" ]; do
  if ! kill -0 "$smbd_pid" 2>/dev/null; then break; fi
  if smbclient -N -p "$port" -L 127.0.0.1 -m SMB3 >/dev/null 2>&1; then up=1; break; fi
  sleep 0.1
done
if [ -z "$up" ]; then
  echo "# smbd log:"
  tail -20 "$work/log/smbd.out" "$work/log/smbd.log" 2>/dev/null | sed 's/^/#   /'
  if kill -0 "$smbd_pid" 2>/dev/null; then
    die "the Samba server did not answer on 127.0.0.1:$port within 60 s (its log is above)"
  fi
  wait "$smbd_pid"
  die "the Samba server did not start on 127.0.0.1:$port: smbd exited with status $? (its log is above)"
fi
ok "Samba server on 127.0.0.1:$port ($(since "$t0") s)"

# ---- Mounted through GVfs, as the Files app does -------------------------------------
uri=smb://127.0.0.1:$port/classes
t1=$(date +%s.%N)
if ! out=$(gio mount -a "$uri" 2>&1 </dev/null); then
  echo "# gio mount: $out" >&2
  die "gio mount $uri failed: $out"
fi
mounted=1
gio info "$uri/" >/dev/null 2>&1 || die "the mounted share cannot be read through GIO"
ok "gio mount $uri ($(since "$t1") s)"
fuse=$(ls -d "$XDG_RUNTIME_DIR"/gvfs/smb-share:* 2>/dev/null | head -1)

folder=$uri/class-3b
# Each computer: its own data folder (learners, units).
pc() { local who=$1; shift; XDG_DATA_HOME=$work/$who/data HOME=$work/$who "$xqtool" "$@"; }
learners() { echo "$work/$1/data/xiangqi-tutor/learners"; }
units() { echo "$work/$1/data/xiangqi-tutor/units"; }
mkdir -p "$(learners teacher)" "$(learners a)" "$(learners b)"
# A learner's profile as the app saves it (docs/lesson-format.md).
profile() {
  local who=$1 id=$2 name=$3 stars=$4 results=$5
  printf '{ "format": 1, "learner": "%s", "name": "%s", "stars": { %s }, "results": { %s } }\n' \
    "$id" "$name" "$stars" "$results" >"$(learners "$who")/$id.json"
}

# ---- The teacher creates the class on the share, with a unit of the class -----------
t2=$(date +%s.%N)
out=$(pc teacher class create --class "$folder" --name "Class 3B" 2>&1)
check "the teacher creates the class on the share: $(echo "$out" | head -1)" \
  gio info "$folder/class.xqclass"
sed -e 's/"id": "setup"/"id": "our-setup"/' -e 's/"number": [0-9]*/"number": 1/' \
    -e '0,/"title": "[^"]*"/s//"title": "Class 3B: setting up"/' \
    "$src/lessons/unit2-setup.json" >"$work/our-setup.json"
gio copy "$work/our-setup.json" "$folder/units/our-setup.json" || die "gio copy of a unit to the share failed"

# ---- Computer A joins the folder; B joins with the class file handed out -------------
profile a mei Mei '"board/palace-red": 3, "board/river-red": 1' \
  '"board/palace-red": { "hints": 0, "date": "2026-11-02" }, "board/river-red": { "hints": 2, "date": "2026-11-02" }'
out=$(pc a class join --class "$folder" 2>&1); rc=$?
check "computer A joins the class folder (exit $rc)" test $rc -eq 0
[ -f "$(units a)/our-setup.json" ]; check "the class's unit reached computer A" test $? -eq 0

gio copy "$folder/class.xqclass" "$work/handed-out.xqclass" || die "gio copy of the class file failed"
profile b tom Tom '"board/palace-red": 2' '"board/palace-red": { "hints": 1, "date": "2026-11-03" }'
out=$(pc b class join --class "$work/handed-out.xqclass" 2>&1); rc=$?
check "computer B joins with the class file handed out (exit $rc)" test $rc -eq 0
grep -Eq '"name" ?: "Mei"' "$(learners b)/mei.json" 2>/dev/null
check "Mei came to computer B" test $? -eq 0
pc a class sync >/dev/null 2>&1
grep -Eq '"name" ?: "Tom"' "$(learners a)/tom.json" 2>/dev/null
check "Tom came to computer A" test $? -eq 0

# ---- B goes offline (the share unmounted) and works on; A works on the share -------
gio mount -u "$uri" >/dev/null 2>&1 && mounted=
# B: better stars for Mei in the teacher's unit, Tom in lesson 1.
profile b mei Mei '"board/palace-red": 3, "board/river-red": 1, "our-setup/general": 3' \
  '"board/palace-red": { "hints": 0, "date": "2026-11-02" }, "board/river-red": { "hints": 2, "date": "2026-11-02" }, "our-setup/general": { "hints": 0, "date": "2026-11-05" }'
profile b tom Tom '"board/palace-red": 2, "board/river-red": 2' \
  '"board/palace-red": { "hints": 1, "date": "2026-11-03" }, "board/river-red": { "hints": 0, "date": "2026-11-05" }'
out=$(pc b class sync 2>&1); rc=$?
check "computer B, offline, is told the folder is away (exit $rc)" test $rc -eq 1
echo "$out" | grep -q "could not be reached"
check "computer B's status says the folder could not be reached" test $? -eq 0
gio mount -a "$uri" >/dev/null 2>&1 </dev/null || die "mounting the share again failed"
mounted=1
profile a mei Mei '"board/palace-red": 3, "board/river-red": 3' \
  '"board/palace-red": { "hints": 0, "date": "2026-11-02" }, "board/river-red": { "hints": 1, "date": "2026-11-04" }'
profile a tom Tom '"board/palace-red": 2, "board/river-red": 2' \
  '"board/palace-red": { "hints": 1, "date": "2026-11-03" }, "board/river-red": { "hints": 0, "date": "2026-11-04" }'
out=$(pc a class sync 2>&1); rc=$?
check "computer A syncs its work (exit $rc)" test $rc -eq 0

# ---- A damaged learner file on the share is set aside ----------------------------------
printf '{ "format": 1, "learner": "zoe", "progress": ' >"$work/zoe.json"
gio copy "$work/zoe.json" "$folder/learners/zoe.json" || die "gio copy to the share failed"

# ---- B is back: everyone syncs -------------------------------------------------------------
out=$(pc b class sync 2>&1); rc=$?
check "computer B is back and syncs (exit $rc)" test $rc -eq 0
echo "$out" | grep -q "learners/zoe.json was damaged"
check "the damaged learner file is named in a message" test $? -eq 0
gio list "$folder/learners/" | grep -q '^zoe.json.damaged-'
check "the damaged learner file was set aside on the share, not deleted" test $? -eq 0
pc a class sync >/dev/null 2>&1; check "computer A syncs again" test $? -eq 0
pc teacher class sync >/dev/null 2>&1; check "the teacher's computer syncs" test $? -eq 0
ok "the scenario through the share ($(since "$t2") s)"

# ---- The merged class, from the share and on every computer --------------------------
expected=$'learner,name,unit,exercise,stars,hints,date,puzzles_solved,streak,best_streak,review_due\r
mei,Mei,board,palace-red,3,0,2026-11-02,0,0,0,0\r
mei,Mei,board,river-red,3,1,2026-11-04,0,0,0,0\r
mei,Mei,our-setup,general,3,0,2026-11-05,0,0,0,0\r
tom,Tom,board,palace-red,2,1,2026-11-03,0,0,0,0\r
tom,Tom,board,river-red,2,0,2026-11-05,0,0,0,0\r'
pc teacher class export-csv --class "$folder" --out "$work/share.csv" --lessons "$src/lessons" >/dev/null 2>&1
check "xqtool class export-csv --class smb://… (exit $?)" test -f "$work/share.csv"
got=$(cat "$work/share.csv" 2>/dev/null)
if [ "$got" == "$expected" ]; then ok "the merged class from the share is exact"; else
  not_ok "the merged class from the share is exact"; diff <(echo "$expected") <(echo "$got") | sed 's/^/#   /'; fi
for who in teacher a b; do
  pc "$who" class export-csv --out "$work/$who.csv" --lessons "$src/lessons" --units "$(units "$who")" >/dev/null 2>&1
  got=$(cat "$work/$who.csv" 2>/dev/null)
  if [ "$got" == "$expected" ]; then ok "computer $who holds the same merged class"; else
    not_ok "computer $who holds the same merged class"; diff <(echo "$expected") <(echo "$got") | sed 's/^/#   /'; fi
done
if [ -n "$fuse" ] && [ -d "$fuse/class-3b" ]; then
  pc teacher class export-csv --class "$fuse/class-3b" --out "$work/fuse.csv" --lessons "$src/lessons" >/dev/null 2>&1
  got=$(cat "$work/fuse.csv" 2>/dev/null)
  if [ "$got" == "$expected" ]; then ok "the same through GVfs's FUSE path $fuse"; else
    not_ok "the same through GVfs's FUSE path"; fi
else
  echo "# GVfs's FUSE path is not there on this machine (gvfsd-fuse needs /dev/fuse and fusermount3): smb:// only"
fi
pc teacher class report --class "$folder" --out "$work/report.pdf" --lessons "$src/lessons" \
  >"$work/report.log" 2>&1
status=$?
text=$(pdftotext -layout "$work/report.pdf" - 2>/dev/null)
echo "$text" | grep -q "Class 3B" && echo "$text" | grep -q "Mei" && echo "$text" | grep -q "Tom" &&
  echo "$text" | grep -q "setting up"
found=$?
check "xqtool class report --class smb://…: the class, its learners and its own unit" test $found -eq 0
if [ $found -ne 0 ]; then
  # What went wrong, for the log: xqtool's exit and words, and the report's first lines.
  echo "# xqtool class report exited $status; it said:"
  sed 's/^/#   /' "$work/report.log"
  echo "# the report's text began:"
  echo "$text" | head -20 | sed 's/^/#   /'
fi

# ---- Unmounted, stopped ----------------------------------------------------------------------
gio mount -u "$uri" >/dev/null 2>&1; check "the share unmounts" test $? -eq 0
mounted=
kill "$smbd_pid"; wait "$smbd_pid" 2>/dev/null
ok "the Samba server stopped ($(since "$t0") s since it started)"
trap - EXIT
echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ $failed -eq 0 ]
