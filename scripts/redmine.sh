#!/usr/bin/env bash
# A real Redmine on 127.0.0.1 for the end-to-end ticket tests: installs it once (Debian's redmine
# with SQLite), enables the REST API with a known admin key, creates the test project, and starts it.
#
#   scripts/redmine.sh start   install if needed, start, wait until it answers; prints URL and key
#   scripts/redmine.sh stop
#
# Environment: REDMINE_PORT (default 3300), REDMINE_API_KEY (default a fixed test key).
set -euo pipefail
PORT=${REDMINE_PORT:-3300}
KEY=${REDMINE_API_KEY:-criteria0test0key0000000000000000000000000}
STATE=${REDMINE_STATE:-/tmp/criteria-redmine}
APP=/usr/share/redmine
mkdir -p "$STATE"

install_redmine() {
  if ! dpkg-query -W -f='${Status}' redmine 2>/dev/null | grep -q "install ok installed"; then
    echo "redmine: installing (about a minute)" >&2
    debconf-set-selections <<'SEL'
redmine redmine/instances/default/database-type select sqlite3
redmine redmine/instances/default/dbconfig-install boolean true
SEL
    export DEBIAN_FRONTEND=noninteractive
    # Bookworm's Ruby needs this bundler during the postinst, or it fails with "Could not find rotp-6.2.0.gem".
    export BUNDLER_VERSION=2.3.15
    apt-get update -qq
    apt-get install -y -qq redmine redmine-sqlite ruby-webrick >"$STATE/apt.log" 2>&1 \
      || { tail -n 30 "$STATE/apt.log" >&2; exit 1; }
  fi
  # Redmine's Gemfile has no app server; webrick is enough for tests.
  grep -q "webrick" "$APP/Gemfile.local" 2>/dev/null || echo "gem 'webrick'" >> "$APP/Gemfile.local"
  # SQLite without a busy timeout answers "database is locked" (a 500) the moment another thread holds the
  # database, such as the mailer reading an issue just created: wait up to five seconds instead.
  local db=/etc/redmine/default/database.yml
  if [ -f "$db" ] && ! grep -q "^  timeout:" "$db"; then
    sed -i 's/^  adapter: sqlite3$/&\n  timeout: 5000/' "$db"
  fi
}

configure_redmine() {
  [ -f "$STATE/configured-2-$KEY" ] && return 0
  cd "$APP"
  export RAILS_ENV=production REDMINE_INSTANCE=default REDMINE_LANG=en
  su -s /bin/bash www-data -c "cd $APP && RAILS_ENV=production REDMINE_INSTANCE=default REDMINE_LANG=en bundle exec rake redmine:load_default_data" \
    >"$STATE/defaults.log" 2>&1 || true
  su -s /bin/bash www-data -c "cd $APP && RAILS_ENV=production REDMINE_INSTANCE=default bundle exec rails runner - " \
    >"$STATE/runner.log" 2>&1 <<RUBY || { cat "$STATE/runner.log" >&2; exit 1; }
Setting.rest_api_enabled = '1'
# No mail server here: no notification jobs, which only add readers beside the tests' writes.
Setting.notified_events = []
admin = User.find_by_login('admin')
admin.update_columns(must_change_passwd: false)
token = Token.find_or_create_by!(user_id: admin.id, action: 'api')
# Token generates its own value on create; set the known test key afterwards.
token.update_column(:value, '$KEY')
project = Project.find_by_identifier('accessibility') || Project.new(name: 'Accessibility', identifier: 'accessibility', is_public: true)
project.trackers = Tracker.all.to_a
project.enabled_module_names = ['issue_tracking']
project.save!
puts "configured: trackers=#{Tracker.count} statuses=#{IssueStatus.count} project=#{project.identifier}"
RUBY
  touch "$STATE/configured-2-$KEY"
}

start_redmine() {
  if curl -fsS --max-time 10 -o /dev/null "http://127.0.0.1:$PORT/issues.json?key=$KEY" 2>/dev/null; then
    echo "http://127.0.0.1:$PORT $KEY"; return 0
  fi
  # The server outlives this script: it must not keep any descriptor the caller reads to its end. A test
  # runner spawning several programs at once can leak one program's output pipe into another (Foundation's
  # pipes are not close-on-exec), and a server holding it makes that program's reader wait forever.
  local fd
  for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  # One request at a time (Rack::Lock): SQLite takes one writer, and two requests writing at once (tests
  # run side by side) made one fail with "database is locked" whatever the timeout, as SQLite refuses a
  # wait that could deadlock.
  cat >"$STATE/config.ru" <<RU
require ::File.expand_path('config/environment', '$APP')
use Rack::Lock
run Rails.application
RU
  su -s /bin/bash www-data -c "cd $APP && RAILS_ENV=production REDMINE_INSTANCE=default nohup bundle exec rackup -s webrick -o 127.0.0.1 -p $PORT $STATE/config.ru" \
    </dev/null >"$STATE/server.log" 2>&1 &
  echo $! >"$STATE/pid"
  for _ in $(seq 1 120); do
    if curl -fsS --max-time 10 -o /dev/null "http://127.0.0.1:$PORT/issues.json?key=$KEY" 2>/dev/null; then
      echo "http://127.0.0.1:$PORT $KEY"; return 0
    fi
    sleep 1
  done
  echo "redmine: did not answer on 127.0.0.1:$PORT" >&2
  tail -n 40 "$STATE/server.log" >&2
  exit 1
}

case "${1:-start}" in
  start)
    # Tests running side by side may all ask at once: one installs and starts, the others wait and reuse it.
    # flock -o: the lock stays with flock itself, so the server started below never holds it.
    exec flock -o "$STATE/start.lock" bash "$0" start-locked ;;
  start-locked) install_redmine; configure_redmine; start_redmine ;;
  stop) pkill -f "rackup -s webrick -o 127.0.0.1 -p $PORT" || true ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
