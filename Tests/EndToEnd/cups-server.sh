#!/bin/sh
# A private CUPS server for the tests, the soak and CI: Debian's cupsd, run in a folder of its own,
# listening only on a socket there, with raw queues whose device keeps every job it gets.
#
#   cups-server.sh start DIR QUEUE...   starts cupsd in DIR (made if missing), adds each QUEUE,
#                                       and prints the socket path (use it as CUPS_SERVER)
#   cups-server.sh stop DIR             stops it
#
# CUPS_POLICY, when set, is added to the default policy (a directive per line, such as
# `JobPrivateValues job-name`).
# Each queue's device is `keep:DIR/printed/QUEUE`: the backend (DIR/serverbin/backend/keep, run by
# cupsd as root) copies each job's bytes to DIR/printed/QUEUE/JOB and writes its title and
# copies beside it (JOB.title, JOB.copies): the printer's own record of what it printed. A file
# DIR/printed/QUEUE/.jam makes the next job fail at the printer (the backend exits 1, and the
# queue stops, as a jammed printer's does) and is removed.
set -eu
command=$1
dir=$(realpath -m "$2")
shift 2
socket="$dir/cups.sock"

case "$command" in
start)
    mkdir -p "$dir/spool/tmp" "$dir/cache" "$dir/state" "$dir/log" "$dir/serverbin/backend" "$dir/printed"
    chmod 755 "$dir"
    [ -e "$dir/serverbin/daemon" ] || ln -s /usr/lib/cups/daemon "$dir/serverbin/daemon"
    [ -e "$dir/serverbin/filter" ] || ln -s /usr/lib/cups/filter "$dir/serverbin/filter"
    cat > "$dir/serverbin/backend/keep" <<'BACKEND'
#!/bin/sh
# keep:FOLDER: each job's bytes in FOLDER/JOB, its title and copies beside it.
[ $# -eq 0 ] && { echo 'file keep "Unknown" "Keeps each job in a folder"'; exit 0; }
folder=${DEVICE_URI#keep:}
if [ -e "$folder/.jam" ]; then rm -f "$folder/.jam"; echo "ERROR: paper jam" >&2; exit 1; fi
if [ -n "${6:-}" ]; then cat "$6"; else cat; fi > "$folder/.$1.part" || exit 1
printf '%s\n' "$3" > "$folder/$1.title"
printf '%s\n' "$4" > "$folder/$1.copies"
mv "$folder/.$1.part" "$folder/$1"
BACKEND
    chmod 700 "$dir/serverbin/backend/keep"
    cat > "$dir/cups-files.conf" <<CONF
FileDevice Yes
ServerRoot $dir
RequestRoot $dir/spool
CacheDir $dir/cache
StateDir $dir/state
ServerBin $dir/serverbin
DataDir /usr/share/cups
AccessLog $dir/log/access_log
ErrorLog $dir/log/error_log
PageLog $dir/log/page_log
TempDir $dir/spool/tmp
User lp
Group lp
CONF
    cat > "$dir/cupsd.conf" <<CONF
Listen $socket
LogLevel warn
PreserveJobHistory Yes
PreserveJobFiles No
MaxJobs 0
WebInterface No
Browsing No
ErrorPolicy stop-printer
<Location />
  Order allow,deny
  Allow all
</Location>
<Policy default>
${CUPS_POLICY:-}
  <Limit All>
    Order deny,allow
  </Limit>
</Policy>
CONF
    setsid cupsd -f -c "$dir/cupsd.conf" -s "$dir/cups-files.conf" > "$dir/log/cupsd.out" 2>&1 < /dev/null &
    echo $! > "$dir/cupsd.pid"
    for _ in $(seq 100); do
        CUPS_SERVER=$socket lpstat -r > /dev/null 2>&1 && break
        sleep 0.1
    done
    CUPS_SERVER=$socket lpstat -r > /dev/null 2>&1 || { echo "cups-server.sh: cupsd did not start: $(tail -3 "$dir/log/cupsd.out" "$dir/log/error_log" 2>/dev/null)" >&2; exit 1; }
    for queue in "$@"; do
        mkdir -p "$dir/printed/$queue"
        # A scheduler just started may refuse its first request (it is still loading): tried again.
        for try in 1 2 3 4 5 6 7 8 9 10; do
            CUPS_SERVER=$socket lpadmin -p "$queue" -E -v "keep:$dir/printed/$queue" -m raw 2> "$dir/log/lpadmin.err" && break
            [ "$try" -eq 10 ] && { echo "cups-server.sh: lpadmin $queue: $(grep -v deprecated "$dir/log/lpadmin.err")" >&2; exit 1; }
            sleep 0.2
        done
    done
    echo "$socket"
    ;;
stop)
    if [ -s "$dir/cupsd.pid" ]; then
        kill "$(cat "$dir/cupsd.pid")" 2> /dev/null || true
        for _ in $(seq 50); do kill -0 "$(cat "$dir/cupsd.pid")" 2> /dev/null || break; sleep 0.1; done
        rm -f "$dir/cupsd.pid"
    fi
    ;;
*)
    echo "usage: cups-server.sh start DIR QUEUE... | stop DIR" >&2
    exit 64
    ;;
esac
