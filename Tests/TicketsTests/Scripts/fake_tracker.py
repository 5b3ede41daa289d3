"""A local stand-in for the trackers criteria files into (GitHub, GitLab, Jira Cloud and Data Center,
Azure DevOps, Redmine). It checks each request against the vendor's documented shape (method, path,
auth header, content type, required fields, limits), stores what it creates, answers searches, and can
inject faults. Listens on 127.0.0.1 only.

usage: fake_tracker.py [--token T] [--faults SPEC] [--rate N] [--signin]
  SPEC: comma-separated KIND:EVERY[:ARG] applied to create requests, counted from 1:
        429:3:1      every 3rd create gets 429 with Retry-After: 1
        secondary:3  every 3rd create gets GitHub's secondary rate limit: 403 with its message, no Retry-After,
                     and requests still left in the hour (GitHub asks for a minute's wait at least)
        503:5        every 5th create gets 503
        drop:4       every 4th create: the connection is closed before anything is created
        created-drop:7   every 7th create: the issue IS created, then the connection is closed
        slow:6:2     every 6th create: the issue is created, and the answer comes 2 s later
        html200:2    every 2nd create: the issue is created, and a proxy's HTML page comes back with 200
        odd201:2     every 2nd create: the issue is created, and 201 comes back with a body of another shape
        comment-drop:2   every 2nd GitHub comment: the comment is posted, then the connection is closed
        comment-503:3    every 3rd GitHub comment gets 503 (nothing posted)
        comment-noid:1   GitHub's comment lists leave out each comment's id
  --index-lag S: searches (GitHub /search/issues, Jira JQL) miss issues created in the last S seconds, as
        real search indexes do; GitHub's issue list by label stays consistent, and so does reading one issue.
        Jira's JQL answers `project = "A11Y" ORDER BY key DESC` (maxResults) with the newest indexed issues
  --rate N: more than N requests in a second get 429 with Retry-After
  --signin: Azure DevOps answers creates with a 203 HTML sign-in page
  --no-push: GitHub and GitLab create issues without the labels asked for, and say nothing, as they do for an
        account without push access (GitHub) or a Guest (GitLab)
  --tls CERT KEY: serve HTTPS (the tests make a self-signed certificate for 127.0.0.1)
  --reject WORD: Jira refuses creates whose summary holds WORD (in bulk: that element fails, the rest are created)
  --jira-limit N: the most characters a Jira description or comment takes (default 32,767; an administrator's
        jira.text.field.character.limit on Data Center)
  --restyle: Azure DevOps and Linear keep descriptions in their own form, not as sent (a div around the HTML,
        asterisk bullets in Markdown); reads and the create's and update's own answers show that form
  Comments can be edited (GitHub PATCH /repos/O/R/issues/comments/ID, Jira PUT …/comment/ID; an id is the
  comment's place among all comments, from 1), through the update faults; /_stats counts comment_edits and
  lists comment_texts per issue.
  Jira refuses a description or comment over 32,767 characters (an ADF document counted as its compact JSON)
  with its own error body, and lists the refusal under "invalid" in /_stats.
Reading and updating one issue speak each vendor's shape too (GET, and PATCH/PUT), with update faults:
        update-drop:2    every 2nd update: the update IS applied, then the connection is closed
        update-503:3     every 3rd update gets 503 (nothing changed)
        update-429:4     every 4th update gets 429 with Retry-After: 1 (nothing changed)
        read-503:2, read-429:3   every 2nd (3rd) read of one issue gets 503 (429 with Retry-After: 1)
Retest follow-ups (follow_retest): Jira comments (ADF on Cloud, text on Data Center) and transitions (GET the
  list: Start progress, Resolve → Done while open; Reopen → To Do when closed; POST by id); Azure DevOps comments
  (7.1-preview), each work-item type's states (Agile: a Task has no Resolved), and PATCH of System.State (a state the item's type lacks is refused); GitHub comments and PATCH {"state": ...};
  Linear commentCreate, an issue's comments and its team's states, issueUpdate with a stateId;
  GitLab POST/GET .../issues/N/notes (newest first unless sort=asc, in pages with a Link header)
  and PUT {"state_event": "close"|"reopen"}; Redmine PUT {"issue": {"notes": ...}} and {"issue": {"status_id": N}}
  (5 closes, 6 rejects, others reopen) and GET /issues/N.json?include=journals. Comments go through the
  comment faults (comment-drop, comment-503), transitions through the update faults. /_stats counts
  retest comments (bodies holding criteria:retest=; their texts under retest_texts) and transitions per issue.
  POST /_close {"number": N, "reason": "completed"|"not_planned"}, /_edit {"number": N} (a person's edit),
  /_label {"number": N} (a person adds the label triaged), /_unlabel {"number": N} (removes the first label),
  /_delete {"number": N} change issues as people on the tracker would, and /_chatter {"number": N, "count": K} adds
  K comments of people to an issue, "text" and a number each (GitHub lists comments in pages with a Link header, Jira
  with startAt and total, Azure DevOps with a continuationToken, Linear with pageInfo); /_replace {"number": N} gives the number
  to another criteria ticket (a tracker reusing ids), /_move {"number": N} moves it (GitHub answers 301, Jira
  answers under the key MOVED-N).
  POST /_comment_edit {"number": N, "part": P} changes criteria's continuation comment P (2 is the first) as a
  person would, leaving the issue's update time as it was.
  POST /_lookups {"answer": A} makes every later lookup (a GET, an Azure DevOps WIQL query, a Linear query that is
  no mutation) answer in a shape no tracker documents, as a proxy, a sign-in wall or a broken server does: html (a
  sign-in page with 200), garbage (200, not JSON), empty (200, `{}`), list (200, `[]` where an object is due, `{}`
  where a list is), redirect (302 to a sign-in page), 503 (an HTML error page), hang (no answer for 3 s); "" ends it.
  With "after_comments": N, only once N comments have been posted (counted as the comment faults count them).
  Creates, updates and comments are served as usual.
  POST /_drip {"bytes_per_second": R} makes every later answer (the control paths excepted) trickle out at R
  bytes a second, one byte at a time: 2 is a stalled tracker, a few hundred a slow but moving one; 0 stops it.
Linear: POST /graphql with issueCreate (the client's own UUID as input.id), issue(id:) and issueUpdate, each
request checked against Linear's published schema with graphql-core (--linear-schema PATH); every answer
carries X-RateLimit-Requests-* headers, and the fault ratelimited:EVERY answers a create with Linear's
RATELIMITED error and a reset one second ahead. An issueCreate with an id that exists is refused, and counted.
The project NOPE (owner/repo nope/nope on GitHub, team NOPE on Linear) and the issue type Nope do not exist,
with each vendor's error.
Prints the port on the first line. GET /_stats returns counts as JSON, GET /_issues what was created (and the marker each body holds now).
"""
import argparse
import base64
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

args = None
LINEAR_SCHEMA = None
lock = threading.Lock()
state = {"creates": 0, "requests": 0, "issues": [], "invalid": [], "comments": 0, "times": []}
ADF_SCHEMA = None


def edited(description, words):
    """A description with a person's words added: at the end of a text, or as a paragraph of an ADF document."""
    if isinstance(description, dict):
        document = json.loads(json.dumps(description))
        document.setdefault("content", []).append({"type": "paragraph", "content": [{"type": "text", "text": words}]})
        return document
    return (description or "") + words


def restyled(kind, fields):
    """With --restyle, Azure DevOps and Linear keep a description in their own form rather than as sent
    (the HTML wrapped in a div; Markdown bullets as asterisks), as a tracker may: a read, and the answer to
    the create or update itself, show that form."""
    if not args.restyle or kind not in ("azure", "linear") or not isinstance(fields, dict) \
            or not isinstance(fields.get("description"), str):
        return fields
    text = fields["description"]
    text = f"<div>{text}</div>" if kind == "azure" else re.sub(r"(?m)^- ", "* ", text)
    return {**fields, "description": text}


def busiest_second(times):
    """The most requests that arrived within any one second."""
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= 1:
            start += 1
        best = max(best, end - start + 1)
    return best


def iso(t):
    """An ISO 8601 UTC time with microseconds, as GitHub, GitLab and Azure DevOps write them (None stays None)."""
    if t is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int((t % 1) * 1e6):06d}Z"


def jira_time(t):
    if t is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int((t % 1) * 1e3):03d}+0000"


# Each work-item type's states, as the Agile process has them: a Task is never Resolved.
AZURE_STATES = {
    "Bug": ["New", "Active", "Resolved", "Closed", "Removed"],
    "User Story": ["New", "Active", "Resolved", "Closed", "Removed"],
    "Task": ["New", "Active", "Closed", "Removed"],
}


def marker_of(text):
    found = re.search(r"criteria:id=([^\s<>\"{}]+)", text or "")
    return found.group(1) if found else None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are two writes; without TCP_NODELAY the body waits for the client's delayed ACK
    # (about 40 ms) on a kept-alive connection, as no real tracker's server would make it wait.
    disable_nagle_algorithm = True

    def log_message(self, *a):
        pass

    def reply(self, status, payload=None, headers=None, raw=None, content_type="application/json"):
        body = raw if raw is not None else (json.dumps(payload).encode() if payload is not None else b"")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        rate = state.get("drip", 0)
        if rate and not self.path.startswith("/_"):
            try:
                for index in range(len(body)):
                    self.wfile.write(body[index:index + 1])
                    self.wfile.flush()
                    time.sleep(1 / rate)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        self.wfile.write(body)

    def unreadable_lookup(self):
        """Answers a lookup in the shape /_lookups set; False when lookups are served as usual."""
        answer = state.get("lookups", "")
        if not answer or self.path.startswith("/_"):
            return False
        if state.get("comment_posts", 0) < state.get("lookups_after_comments", 0):
            return False
        with lock:
            state["unreadable_lookups"] = state.get("unreadable_lookups", 0) + 1
        if answer == "html":
            self.reply(200, raw=b"<!DOCTYPE html><html><body><h1>Sign in</h1><form></form></body></html>",
                       content_type="text/html")
        elif answer == "garbage":
            self.reply(200, raw=b"\x00\xff\xfe not json at all {", content_type="application/json")
        elif answer == "empty":
            self.reply(200, {})
        elif answer == "list":
            self.reply(200, raw=b"[]" if self.command == "POST" or "/rest/api/" in self.path
                       or self.path.startswith("/issues") else b"{}")
        elif answer == "redirect":
            self.reply(302, raw=b"<html>Moved</html>", headers={"Location": "http://127.0.0.1:9/login"},
                       content_type="text/html")
        elif answer == "503":
            self.reply(503, raw=b"<html><body>Service Unavailable</body></html>", content_type="text/html")
        elif answer == "hang":
            time.sleep(3)
            self.reply(503, raw=b"<html>late</html>", content_type="text/html")
        return True

    def invalid(self, why):
        with lock:
            state["invalid"].append(f"{self.command} {self.path}: {why}")
        self.reply(400, {"errors": [why], "message": why})

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.raw_body = raw.decode("utf-8", "replace")
        try:
            return json.loads(raw or b"null")
        except ValueError:
            return "NOT JSON"

    def authorized(self, kind):
        token = args.token
        h = self.headers
        if kind == "github":
            ok = h.get("Authorization") == f"Bearer {token}"
        elif kind == "gitlab":
            ok = h.get("PRIVATE-TOKEN") == token
        elif kind == "redmine":
            ok = h.get("X-Redmine-API-Key") == token
        elif kind == "jira-cloud":
            auth = h.get("Authorization", "")
            ok = auth.startswith("Basic ") and base64.b64decode(auth[6:]).decode().endswith(":" + token) \
                and "@" in base64.b64decode(auth[6:]).decode()
        elif kind == "jira-dc":
            ok = h.get("Authorization") == f"Bearer {token}"
        elif kind == "azure":
            auth = h.get("Authorization", "")
            ok = auth.startswith("Basic ") and base64.b64decode(auth[6:]).decode() == ":" + token
        else:
            ok = False
        if not ok:
            self.reply(401, {"message": "Bad credentials"})
        return ok

    def rate_limited(self):
        if not args.rate:
            return False
        now = time.time()
        with lock:
            state["times"] = [t for t in state["times"] if t > now - 1] + [now]
            over = len(state["times"]) > args.rate
            state.setdefault("all_times", []).append(now)
        if over:
            with lock:
                state["rate_limited"] = state.get("rate_limited", 0) + 1
            self.reply(429, {"message": "slow down"}, {"Retry-After": "1"})
        return over

    def fault(self):
        """Returns the fault for this create, counting creates."""
        with lock:
            state["creates"] += 1
            n = state["creates"]
        for spec in (args.faults or "").split(","):
            if not spec:
                continue
            parts = spec.split(":")
            kind, every = parts[0], int(parts[1])
            if n % every == 0:
                return kind, (parts[2] if len(parts) > 2 else None)
        return None, None

    def store(self, kind, marker, title, extra=None):
        extra = restyled(kind, extra)
        with lock:
            number = len(state["issues"]) + 1
            now = time.time()
            state["issues"].append({"kind": kind, "marker": marker, "title": title, "number": number,
                                    "created_at": now, "updated_at": now, "state": "open", "reason": None,
                                    "closed_at": None, "updates": 0, "deleted": False,
                                    "body": getattr(self, "raw_body", ""), **(extra or {})})
        return number

    def issue(self, kind, number):
        """The stored issue of this kind and number, or None (also when deleted)."""
        with lock:
            for i in state["issues"]:
                if i["kind"] == kind and str(i["number"]) == str(number) and not i["deleted"]:
                    return i
        return None

    def read_fault(self):
        """503 or 429 for this read of one issue, when --faults asks (counting reads); True when answered."""
        with lock:
            state["read_requests"] = state.get("read_requests", 0) + 1
            n = state["read_requests"]
        for spec in (args.faults or "").split(","):
            parts = spec.split(":")
            if parts[0] in ("read-503", "read-429") and n % int(parts[1]) == 0:
                with lock:
                    state["read_faults"] = state.get("read_faults", 0) + 1
                if parts[0] == "read-503":
                    self.reply(503, {"message": "unavailable"})
                else:
                    self.reply(429, {"message": "rate limited"}, {"Retry-After": "1"})
                return True
        return False

    def update_fault(self):
        with lock:
            state["update_requests"] = state.get("update_requests", 0) + 1
            n = state["update_requests"]
        for spec in (args.faults or "").split(","):
            parts = spec.split(":")
            if parts[0].startswith("update-") and n % int(parts[1]) == 0:
                return parts[0]
        return None

    def apply_update(self, issue, title, respond, changes=None):
        """Stores an update (body = the request as sent; changes = the description and labels it sets), through
        this request's update fault."""
        fault = self.update_fault()
        if fault == "update-503":
            return self.reply(503, {"message": "unavailable"})
        if fault == "update-429":
            return self.reply(429, {"message": "rate limited"}, {"Retry-After": "1"})
        with lock:
            issue["body"] = self.raw_body
            if title:
                issue["title"] = title
            issue.update(restyled(issue["kind"], changes) or {})
            issue["updates"] += 1
            issue["updated_at"] = time.time()
            state["updates"] = state.get("updates", 0) + 1
        if fault == "update-drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        respond()

    def shape(self, kind, i):
        """An issue as the vendor's API returns it."""
        closed = i["state"] == "closed"
        if kind == "github":
            return {"number": i["number"], "html_url": f"http://gh/{i['number']}", "state": i["state"],
                    "state_reason": i["reason"] if closed else None, "closed_at": iso(i["closed_at"]),
                    "created_at": iso(i["created_at"]), "updated_at": iso(i["updated_at"]),
                    "title": i["title"], "labels": [{"name": l} for l in i.get("labels", [])],
                    "body": i.get("description", i["body"])}
        if kind == "gitlab":
            return {"iid": i["number"], "web_url": f"http://gl/{i['number']}", "state": "closed" if closed else "opened",
                    "closed_at": iso(i["closed_at"]), "created_at": iso(i["created_at"]),
                    "updated_at": iso(i["updated_at"]), "title": i["title"], "labels": i.get("labels", []),
                    "description": i.get("description", i["body"])}
        if kind in ("jira-cloud", "jira-dc"):
            category = "done" if closed else "new"
            resolution = None if not closed else {"name": "Done" if i["reason"] != "not_planned" else "Won't Do"}
            # A moved issue answers its old key under its new one, as Jira does.
            key = f"MOVED-{i['number']}" if i.get("moved") else f"A11Y-{i['number']}"
            return {"key": key, "fields": {
                "status": {"name": "Done" if closed else "To Do", "statusCategory": {"key": category}},
                "resolution": resolution, "resolutiondate": jira_time(i["closed_at"]),
                "created": jira_time(i["created_at"]), "updated": jira_time(i["updated_at"]),
                "summary": i["title"], "labels": i.get("labels", []), "description": i.get("description", i["body"])}}
        if kind == "azure":
            state_name = ("Removed" if i["reason"] == "not_planned" else "Closed") if closed else "New"
            fields = {"System.State": state_name, "System.WorkItemType": i.get("type", "Bug"),
                      "System.CreatedDate": iso(i["created_at"]),
                      "System.ChangedDate": iso(i["updated_at"]), "System.Title": i["title"],
                      "System.Tags": "; ".join(i.get("labels", [])),
                      "System.Description": i.get("description", i["body"])}
            if closed:
                fields["Microsoft.VSTS.Common.ClosedDate"] = iso(i["closed_at"])
            return {"id": i["number"], "fields": fields, "_links": {"html": {"href": f"http://ado/{i['number']}"}}}
        if kind == "redmine":
            name = ("Rejected" if i["reason"] == "not_planned" else "Closed") if closed else "New"
            return {"issue": {"id": i["number"], "status": {"id": 5 if closed else 1, "name": name, "is_closed": closed},
                              "closed_on": iso(i["closed_at"]), "created_on": iso(i["created_at"]),
                              "updated_on": iso(i["updated_at"]), "subject": i["title"],
                              "description": i.get("description", i["body"])}}
        return {}

    def create(self, kind, marker, title, respond, extra=None):
        self.with_faults(lambda: self.store(kind, marker, title, extra), respond)

    def with_faults(self, make, respond):
        """Runs a create (make) and its answer (respond) through this request's fault, if it has one."""
        fault, arg = self.fault()
        if fault == "ratelimited":
            # Linear's way: a GraphQL error with code RATELIMITED, and the window's reset in milliseconds.
            with lock:
                state["rate_limited"] = state.get("rate_limited", 0) + 1
            return linear_error(self, "Rate limit exceeded", code="RATELIMITED", status=400,
                                headers={"X-RateLimit-Requests-Remaining": "0",
                                         "X-RateLimit-Requests-Reset": str(int((time.time() + 1) * 1000))})
        if fault == "429":
            return self.reply(429, {"message": "rate limited"}, {"Retry-After": arg or "1"})
        if fault == "secondary":
            with lock:
                state["secondary_limits"] = state.get("secondary_limits", 0) + 1
            return self.reply(403, {
                "message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try "
                           "again. If you reach out to GitHub Support for help, please include the request ID "
                           "0000:1111:2222:3333:4444.",
                "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"},
                {"X-RateLimit-Remaining": "4990", "X-RateLimit-Limit": "5000"})
        if fault == "503":
            return self.reply(503, {"message": "unavailable"})
        if fault == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        made = make()
        if fault == "slow":
            time.sleep(float(arg or "2"))
        if fault == "created-drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault == "html200":
            return self.reply(200, raw=b"<html><body><h1>Welcome</h1>Your request is being processed.</body></html>",
                              content_type="text/html")
        if fault == "odd201":
            return self.reply(201, {"status": "ok", "queued": True})
        respond(made)

    def jira_problem(self, kind, fields):
        """What is wrong with the shape of a Jira create's fields, or None."""
        for name in ("project", "summary", "issuetype", "description"):
            if name not in fields:
                return f"field '{name}' is required"
        if any(" " in label for label in fields.get("labels", [])):
            return "labels cannot contain spaces"
        description = fields["description"]
        if kind == "jira-cloud":
            if ADF_SCHEMA is not None:
                import jsonschema
                try:
                    jsonschema.validate(description, ADF_SCHEMA)
                except jsonschema.ValidationError as error:
                    return "description is not valid ADF: " + error.message[:200]
        elif not isinstance(description, str):
            return "Jira v2 takes a wiki-markup string description"
        return None

    def jira_comment(self, kind, body):
        """A Jira comment request's body as stored (ADF as its JSON text), and what is wrong with it, or None:
        Cloud takes an ADF document valid against the schema, Data Center text; each at most --jira-limit characters."""
        text = body.get("body") if isinstance(body, dict) else None
        if text is None or self.jira_too_long(text):
            return None, f"a comment body is required, of at most {args.jira_limit:,} characters"
        if kind == "jira-cloud":
            if not isinstance(text, dict) or text.get("type") != "doc":
                return None, "a Cloud comment body is an ADF document"
            if ADF_SCHEMA is not None:
                import jsonschema
                try:
                    jsonschema.validate(text, ADF_SCHEMA)
                except jsonschema.ValidationError as error:
                    return None, "comment is not valid ADF: " + error.message[:200]
            return json.dumps(text), None
        if not isinstance(text, str) or not text:
            return None, "a Data Center comment body is text"
        return text, None

    @staticmethod
    def jira_too_long(text):
        """Jira's answer to a description or comment over its --jira-limit characters, or None. An ADF document
        counts as its compact JSON: the most Jira could count."""
        size = len(text) if isinstance(text, str) else len(json.dumps(text, separators=(",", ":"), ensure_ascii=False))
        if size <= args.jira_limit:
            return None
        return {"errorMessages": [], "errors": {"description": "The entered text is too long. It exceeded the "
                                                              f"maximum number of characters of {args.jira_limit:,}."}}

    def jira_refusal(self, fields):
        """Jira's own error body for a create this project refuses (issue type Nope, --reject WORD in the
        summary), or None."""
        too_long = self.jira_too_long(fields.get("description", ""))
        if too_long:
            with lock:
                state["invalid"].append(f"description over {args.jira_limit:,} characters")
            return too_long
        if fields.get("issuetype", {}).get("name") == "Nope":
            return {"errorMessages": [], "errors": {"issuetype": "The issue type selected is invalid."}}
        if args.reject and args.reject in fields.get("summary", ""):
            return {"errorMessages": [], "errors": {"summary": f"Summary may not mention {args.reject}"}}
        return None

    def find(self, kind, predicate, indexed=False):
        """Issues of a kind matching predicate; with indexed, only those a lagging search index already holds."""
        now = time.time()
        with lock:
            return [i for i in state["issues"] if i["kind"] == kind and predicate(i)
                    and not (indexed and now - i["created_at"] < args.index_lag)]

    def comment_fault(self):
        """The fault for this GitHub comment, counting comments."""
        with lock:
            state["comment_posts"] = state.get("comment_posts", 0) + 1
            n = state["comment_posts"]
        for spec in (args.faults or "").split(","):
            parts = spec.split(":")
            if parts[0].startswith("comment-") and n % int(parts[1]) == 0:
                return parts[0]
        return None

    def post_comment(self, number, text, respond):
        """Stores a comment on issue number, through this request's comment fault."""
        fault = self.comment_fault()
        if fault == "comment-503":
            return self.reply(503, {"message": "unavailable"})
        with lock:
            state["comments"] += 1
            state.setdefault("comment_bodies", []).append((number, text))
            # A comment moves its issue's update time, as on GitHub, GitLab, Jira and Redmine.
            for i in state["issues"]:
                if i["number"] == number:
                    i["updated_at"] = time.time()
        if fault == "comment-drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        respond()

    def edit_comment(self, comment_id, kind, text, respond):
        """Replaces a comment's body (its id: its place in the comments, from 1), through this request's update
        fault; the issue's update time moves, as on GitHub and Jira."""
        fault = self.update_fault()
        if fault == "update-503":
            return self.reply(503, {"message": "unavailable"})
        with lock:
            comments = state.get("comment_bodies", [])
            if not 1 <= comment_id <= len(comments):
                return self.reply(404, {"message": "Not Found"})
            number = comments[comment_id - 1][0]
            comments[comment_id - 1] = (number, text)
            state["comment_edits"] = state.get("comment_edits", 0) + 1
            for i in state["issues"]:
                if i["number"] == number:
                    i["updated_at"] = time.time()
        if fault == "update-drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        respond()

    def apply_transition(self, issue, closed, reason, respond):
        """Closes or reopens an issue, through this request's update fault."""
        fault = self.update_fault()
        if fault == "update-503":
            return self.reply(503, {"message": "unavailable"})
        if fault == "update-429":
            return self.reply(429, {"message": "rate limited"}, {"Retry-After": "1"})
        with lock:
            now = time.time()
            if closed:
                issue.update(state="closed", reason=reason, closed_at=now, updated_at=now)
            else:
                issue.update(state="open", reason=None, closed_at=None, updated_at=now)
            issue["transitions"] = issue.get("transitions", 0) + 1
        if fault == "update-drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        respond()

    def do_GET(self):
        url = urlparse(self.path)
        q = parse_qs(url.query)
        if url.path not in ("/_stats", "/_issues"):
            with lock:
                state["requests"] += 1
        if self.unreadable_lookup():
            return
        if url.path == "/_issues":
            with lock:
                return self.reply(200, [{"number": i["number"], "marker": i["marker"], "title": i["title"],
                                         "body_marker": marker_of(i["body"].replace("\\/", "/"))}
                                        for i in state["issues"]])
        if url.path == "/_stats":
            with lock:
                markers = [i["marker"] for i in state["issues"]]
                parts = [re.search(r"<!-- (criteria:id=\S+ part \d+) -->|\((criteria:id=\S+ part \d+)\)", b)
                         for _, b in state.get("comment_bodies", [])]
                parts = [p and (p.group(1) or p.group(2)) for p in parts]
                parts = [p for p in parts if p]
                return self.reply(200, {"issues": len(state["issues"]), "unique_markers": len(set(markers)),
                                        "comment_parts": len(parts), "unique_comment_parts": len(set(parts)),
                                        "missing_markers": markers.count(None), "invalid": state["invalid"],
                                        "requests": state["requests"], "comments": state["comments"], "creates": state["creates"],
                                        "comment_edits": state.get("comment_edits", 0),
                                        "comment_texts": {str(n): [b for k, b in state.get("comment_bodies", []) if k == n]
                                                          for n in {k for k, _ in state.get("comment_bodies", [])}},
                                        "bulk_requests": state.get("bulk_requests", 0), "unreadable_lookups": state.get("unreadable_lookups", 0),
                                        "updates": state.get("updates", 0), "reads": state.get("reads", 0),
                                        "duplicate_ids": state.get("duplicate_ids", 0), "read_faults": state.get("read_faults", 0),
                                        "secondary_limits": state.get("secondary_limits", 0),
                                        "linear_validated": state.get("linear_validated", 0),
                                        "max_updates_per_issue": max([i["updates"] for i in state["issues"]] or [0]),
                                        "updates_per_issue": {str(i["number"]): i["updates"] for i in state["issues"]},
                                        "rate_limited": state.get("rate_limited", 0),
                                        "retest_comments": {str(n): sum(1 for k, b in state.get("comment_bodies", []) if k == n and "criteria:retest=" in b)
                                                            for n in {k for k, _ in state.get("comment_bodies", [])}},
                                        "retest_texts": {str(n): [b for k, b in state.get("comment_bodies", []) if k == n and "criteria:retest=" in b]
                                                         for n in {k for k, _ in state.get("comment_bodies", [])}},
                                        "transitions": {str(i["number"]): i.get("transitions", 0) for i in state["issues"]},
                                        "states": {str(i["number"]): i["state"] for i in state["issues"]},
                                        "busiest_second": busiest_second(state.get("all_times", [])),
                                        "span": (state["all_times"][-1] - state["all_times"][0]) if len(state.get("all_times", [])) > 1 else 0})
        for pattern, kind, auth in ((r"/repos/[^/]+/[^/]+/issues/(\d+)", "github", "github"),
                                    (r"/api/v4/projects/[^/]+/issues/(\d+)", "gitlab", "gitlab"),
                                    (r"/rest/api/3/issue/A11Y-(\d+)", "jira-cloud", "jira-cloud"),
                                    (r"/rest/api/2/issue/A11Y-(\d+)", "jira-dc", "jira-dc"),
                                    (r"/[^/]+/_apis/wit/workitems/(\d+)", "azure", "azure"),
                                    (r"/issues/(\d+)\.json", "redmine", "redmine")):
            m = re.fullmatch(pattern, url.path)
            if m:
                if not self.authorized(auth):
                    return
                if self.read_fault():
                    return
                with lock:
                    state["reads"] = state.get("reads", 0) + 1
                issue = self.issue(kind, m.group(1))
                if issue is None:
                    return self.reply(404, {"message": "Not Found"})
                if issue.get("moved") and kind == "github":
                    # A transferred issue: GitHub answers its old address with a permanent redirect.
                    return self.reply(301, {"message": "Moved Permanently", "url": "http://gh/other/repo/issues/1"},
                                      {"Location": "http://gh/other/repo/issues/1"})
                shaped = self.shape(kind, issue)
                if kind == "redmine" and "journals" in q.get("include", [""])[0]:
                    with lock:
                        shaped["issue"]["journals"] = [{"notes": b} for n, b in state.get("comment_bodies", [])
                                                       if n == issue["number"]]
                return self.reply(200, shaped)
        m = re.fullmatch(r"/api/v4/projects/([^/]+)/issues/(\d+)/notes", url.path)
        if m:
            if not self.authorized("gitlab"):
                return
            with lock:
                bodies = [b for n, b in state.get("comment_bodies", []) if n == int(m.group(2))]
            # As GitLab pages notes: newest first unless sort=asc, per_page (20 unless asked, at most 100),
            # a Link header naming the next page.
            if q.get("sort", ["desc"])[0] != "asc":
                bodies.reverse()
            size = min(int(q.get("per_page", ["20"])[0]), 100)
            page = int(q.get("page", ["1"])[0])
            headers = {}
            if page * size < len(bodies):
                query = "&".join(f"{k}={v[0]}" for k, v in q.items() if k != "page")
                headers["Link"] = f'<http://{self.headers.get("Host")}{url.path}?{query}&page={page + 1}>; rel="next"'
                headers["X-Next-Page"] = str(page + 1)
            return self.reply(200, [{"body": b} for b in bodies[(page - 1) * size:page * size]], headers)
        m = re.fullmatch(r"/rest/api/(3|2)/issue/A11Y-(\d+)/(comment|transitions)", url.path)
        if m:
            kind = "jira-cloud" if m.group(1) == "3" else "jira-dc"
            if not self.authorized(kind):
                return
            issue = self.issue(kind, m.group(2))
            if issue is None:
                return self.reply(404, {"errorMessages": ["Issue does not exist or you do not have permission to see it."]})
            if m.group(3) == "transitions":
                if issue["state"] == "closed":
                    return self.reply(200, {"transitions": [{"id": "11", "name": "Reopen", "to": {"name": "To Do"}}]})
                return self.reply(200, {"transitions": [{"id": "21", "name": "Start progress", "to": {"name": "In Progress"}},
                                                        {"id": "31", "name": "Resolve", "to": {"name": "Done"}}]})
            with lock:
                bodies = [(k + 1, b) for k, (n, b) in enumerate(state.get("comment_bodies", [])) if n == issue["number"]]
            # Newest first when orderBy=-created asks, else oldest first; a page of maxResults (at most 100)
            # from startAt, with the total, as Jira pages its comments.
            if q.get("orderBy", [""])[0] == "-created":
                bodies.reverse()
            start = int(q.get("startAt", ["0"])[0])
            size = min(int(q.get("maxResults", ["50"])[0]), 100)
            return self.reply(200, {"startAt": start, "maxResults": size, "total": len(bodies),
                                    "comments": [{"id": str(k), "body": json.loads(b) if kind == "jira-cloud" else b}
                                                 for k, b in bodies[start:start + size]]})
        m = re.fullmatch(r"/[^/]+/_apis/wit/workItems/(\d+)/comments", url.path, re.IGNORECASE)
        if m:
            if not self.authorized("azure"):
                return
            with lock:
                bodies = [b for n, b in state.get("comment_bodies", []) if n == int(m.group(1))]
            # Newest first when order=desc asks; a page of $top (at most 200) from the continuation token.
            if q.get("order", [""])[0] == "desc":
                bodies.reverse()
            start = int(q.get("continuationToken", ["0"])[0])
            size = min(int(q.get("$top", ["200"])[0]), 200)
            page = bodies[start:start + size]
            answer = {"totalCount": len(bodies), "count": len(page), "comments": [{"text": b} for b in page]}
            if start + size < len(bodies):
                answer["continuationToken"] = str(start + size)
            return self.reply(200, answer)
        m = re.fullmatch(r"/[^/]+/_apis/wit/workitemtypes/([^/]+)/states", url.path)
        if m:
            if not self.authorized("azure"):
                return
            names = AZURE_STATES.get(unquote(m.group(1)))
            if names is None:
                return self.reply(404, {"message": f"VS402323: Work item type {m.group(1)} does not exist."})
            categories = {"New": "Proposed", "Active": "InProgress", "Resolved": "Resolved",
                          "Closed": "Completed", "Removed": "Removed"}
            return self.reply(200, {"count": len(names),
                                    "value": [{"name": n, "category": categories[n]} for n in names]})
        if url.path == "/search/issues":
            if not self.authorized("github"):
                return
            label = re.search(r"label:(\S+)", q.get("q", [""])[0])
            hits = self.find("github", lambda i: label and label.group(1) in i["labels"], indexed=True)
            return self.reply(200, {"total_count": len(hits), "items": [{"number": i["number"], "html_url": f"http://gh/{i['number']}"} for i in hits]})
        m = re.fullmatch(r"/api/v4/projects/([^/]+)/issues", url.path)
        if m:
            if not self.authorized("gitlab"):
                return
            label = q.get("labels", [""])[0]
            hits = self.find("gitlab", lambda i: label in i["labels"])
            return self.reply(200, [{"iid": i["number"], "web_url": f"http://gl/{i['number']}"} for i in hits])
        if url.path in ("/rest/api/3/search/jql", "/rest/api/2/search"):
            kind = "jira-cloud" if "/3/" in url.path else "jira-dc"
            if not self.authorized(kind):
                return
            jql = q.get("jql", [""])[0]
            label = re.search(r'labels = "([^"]+)"', jql)
            if not label and re.fullmatch(r'project = "A11Y" ORDER BY key DESC', jql):
                # The newest issue the (lagging) index holds in the project, as Jira orders keys by number.
                hits = sorted(self.find(kind, lambda i: not i["deleted"], indexed=True),
                              key=lambda i: i["number"], reverse=True)
                most = int(q.get("maxResults", ["50"])[0])
                return self.reply(200, {"issues": [{"key": f"A11Y-{i['number']}"} for i in hits[:most]]})
            if not label:
                return self.invalid(f"unexpected JQL: {jql}")
            hits = self.find(kind, lambda i: label.group(1) in i["labels"], indexed=True)
            return self.reply(200, {"issues": [{"key": f"A11Y-{i['number']}"} for i in hits]})
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)/issues", url.path)
        if m:
            # The repository's issue list: consistent, filtered by label, open and closed with state=all.
            if not self.authorized("github"):
                return
            if q.get("state", [""])[0] != "all":
                return self.invalid("list issues with state=all, or closed ones are missed")
            wanted = q.get("labels", [""])[0]
            hits = self.find("github", lambda i: wanted in i["labels"])
            return self.reply(200, [{"number": i["number"], "html_url": f"http://gh/{i['number']}"} for i in hits])
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)/issues/(\d+)/comments", url.path)
        if m:
            if not self.authorized("github"):
                return
            with lock:
                bodies = [(k + 1, c) for k, (n, c) in enumerate(state.get("comment_bodies", [])) if n == int(m.group(3))]
            # Oldest first, a page of per_page (30 unless asked, at most 100), with a Link header naming the
            # next page, as GitHub pages an issue's comments.
            size = min(int(q.get("per_page", ["30"])[0]), 100)
            page = int(q.get("page", ["1"])[0])
            shown = bodies[(page - 1) * size:page * size]
            headers = {}
            if page * size < len(bodies):
                headers["Link"] = (f'<http://{self.headers.get("Host")}{url.path}?per_page={size}&page={page + 1}>; rel="next"')
            if "comment-noid" in (args.faults or ""):
                return self.reply(200, [{"body": b} for k, b in shown], headers)
            return self.reply(200, [{"id": k, "body": b} for k, b in shown], headers)
        if url.path == "/issues.json":
            if not self.authorized("redmine"):
                return
            # Redmine's "~" filter: the description contains the text, whatever the case; newest first.
            wanted = q.get("v[description][]", [""])[0].lower()
            hits = self.find("redmine", lambda i: wanted and wanted in (i.get("description", i["body"]) or "").lower())
            hits = sorted(hits, key=lambda i: -i["number"])[:int(q.get("limit", ["25"])[0])]
            return self.reply(200, {"issues": [{"id": i["number"], "description": i.get("description", i["body"])}
                                               for i in hits], "total_count": len(hits)})
        self.reply(404, {"message": "not found"})

    def do_POST(self):
        with lock:
            state["requests"] += 1
        url = urlparse(self.path)
        if self.rate_limited():
            self.read_json()
            return
        if url.path == "/graphql":
            return handle_graphql(self)
        if url.path == "/_lookups":
            body = self.read_json()
            with lock:
                state["lookups"] = body.get("answer", "")
                state["lookups_after_comments"] = body.get("after_comments", 0)
            return self.reply(200, {})
        if url.path == "/_drip":
            body = self.read_json()
            with lock:
                state["drip"] = float(body.get("bytes_per_second", 0))
            return self.reply(200, {})
        if url.path == "/_comment_edit":
            # A person changes one of criteria's continuation comments ("part": 2 is the first), as a
            # developer ticking a box would; the issue's update time stays (not every tracker moves it).
            body = self.read_json()
            wanted = f"part {body.get('part', 2)}"
            with lock:
                comments = state.get("comment_bodies", [])
                for place, (number, text) in enumerate(comments):
                    if number == body.get("number") and wanted in text:
                        if text.startswith("{"):
                            text = json.dumps(edited(json.loads(text), " (ticked by a person)"))
                        else:
                            text = text + " (ticked by a person)"
                        comments[place] = (number, text)
                        return self.reply(200, {})
            return self.reply(404, {"message": "no such comment"})
        if url.path == "/_chatter":
            # People talking on an issue: count comments of theirs, after whatever it holds.
            body = self.read_json()
            with lock:
                kinds = [i["kind"] for i in state["issues"] if i["number"] == body.get("number")]
                for k in range(body.get("count", 1)):
                    text = body.get("text") or "A person's comment"
                    text = f"{text} {k + 1}"
                    if kinds == ["jira-cloud"]:
                        # Jira Cloud keeps comments as ADF documents.
                        text = json.dumps({"type": "doc", "version": 1, "content": [
                            {"type": "paragraph", "content": [{"type": "text", "text": text}]}]})
                    state["comments"] += 1
                    state.setdefault("comment_bodies", []).append((body.get("number"), text))
                for i in state["issues"]:
                    if i["number"] == body.get("number"):
                        i["updated_at"] = time.time()
            return self.reply(200, {})
        if url.path in ("/_close", "/_edit", "/_label", "/_unlabel", "/_retitle", "/_delete", "/_replace", "/_move"):
            body = self.read_json()
            with lock:
                for i in state["issues"]:
                    if i["number"] == body.get("number"):
                        now = time.time()
                        if url.path == "/_close":
                            i.update(state="closed", reason=body.get("reason", "completed"), closed_at=now, updated_at=now)
                        elif url.path == "/_edit":
                            i.update(updated_at=now, body=i["body"] + " (edited by a person)")
                            if "description" in i:
                                i["description"] = edited(i["description"], " (edited by a person)")
                        elif url.path == "/_label":
                            i.update(updated_at=now, labels=i.get("labels", []) + [body.get("label", "triaged")])
                        elif url.path == "/_unlabel":
                            # A person removes the first of the issue's labels (one of criteria's).
                            i.update(updated_at=now, labels=i.get("labels", [])[1:])
                        elif url.path == "/_retitle":
                            i.update(updated_at=now, title=i["title"] + " (retitled by a person)")
                        elif url.path == "/_replace":
                            # A tracker that reused the number: another criteria ticket now has it.
                            i.update(updated_at=now, body="Another ticket\n<!-- criteria:id=someone/else@ios criteria:rev=0 -->")
                            i.pop("description", None)
                        elif url.path == "/_move":
                            i["moved"] = True
                        else:
                            i["deleted"] = True
            return self.reply(200, {})
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)/issues", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("github"):
                return
            if self.headers.get("Accept") != "application/vnd.github+json" or not self.headers.get("X-GitHub-Api-Version"):
                return self.invalid("GitHub wants Accept: application/vnd.github+json and X-GitHub-Api-Version")
            if not isinstance(body, dict) or not isinstance(body.get("title"), str) or not body["title"]:
                return self.invalid("title is required")
            if len(body.get("body", "")) > 65536:
                return self.invalid("body is too long (maximum is 65536 characters)")
            if m.group(1) == "nope":
                return self.reply(404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue"})
            labels = body.get("labels", [])
            if not all(isinstance(l, str) for l in labels):
                return self.invalid("labels must be strings")
            return self.create("github", marker_of(body.get("body")), body["title"],
                               lambda n: self.reply(201, self.shape("github", self.issue("github", n))),
                               {"labels": [] if args.no_push else labels, "description": body.get("body", "")})
        m = re.fullmatch(r"/repos/([^/]+)/([^/]+)/issues/(\d+)/comments", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("github"):
                return
            if len(body.get("body", "")) > 65536:
                return self.invalid("comment is too long")
            return self.post_comment(int(m.group(3)), body.get("body", ""),
                                     lambda: self.reply(201, {"id": state["comments"]}))
        m = re.fullmatch(r"/api/v4/projects/([^/]+)/issues/(\d+)/notes", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("gitlab"):
                return
            if not isinstance(body, dict) or not isinstance(body.get("body"), str) or not body["body"]:
                return self.invalid("body is required")
            if self.issue("gitlab", m.group(2)) is None:
                return self.reply(404, {"message": "404 Not found"})
            return self.post_comment(int(m.group(2)), body["body"], lambda: self.reply(201, {"id": state["comments"]}))
        m = re.fullmatch(r"/rest/api/(3|2)/issue/A11Y-(\d+)/(comment|transitions)", url.path)
        if m:
            kind = "jira-cloud" if m.group(1) == "3" else "jira-dc"
            body = self.read_json()
            if not self.authorized(kind):
                return
            issue = self.issue(kind, m.group(2))
            if issue is None:
                return self.reply(404, {"errorMessages": ["Issue does not exist or you do not have permission to see it."]})
            if m.group(3) == "comment":
                text, problem = self.jira_comment(kind, body)
                if problem:
                    return self.invalid(problem)
                return self.post_comment(issue["number"], text, lambda: self.reply(201, {"id": str(state["comments"])}))
            transition = (body.get("transition") or {}).get("id") if isinstance(body, dict) else None
            allowed = {"11"} if issue["state"] == "closed" else {"21", "31"}
            if transition not in allowed:
                return self.reply(400, {"errorMessages": [f"Transition id '{transition}' is not valid for this issue."]})
            if transition == "21":
                return self.reply(204, raw=b"")
            return self.apply_transition(issue, transition == "31", "completed", lambda: self.reply(204, raw=b""))
        m = re.fullmatch(r"/[^/]+/_apis/wit/workItems/(\d+)/comments", url.path, re.IGNORECASE)
        if m:
            body = self.read_json()
            if not self.authorized("azure"):
                return
            if "api-version=7.1-preview" not in (url.query or ""):
                return self.invalid("the comments API needs api-version=7.1-preview.4")
            if not isinstance(body, dict) or not isinstance(body.get("text"), str) or not body["text"]:
                return self.invalid("text is required")
            if self.issue("azure", m.group(1)) is None:
                return self.reply(404, {"message": "TF401232: Work item does not exist"})
            return self.post_comment(int(m.group(1)), body["text"], lambda: self.reply(200, {"id": state["comments"]}))
        m = re.fullmatch(r"/api/v4/projects/([^/]+)/issues", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("gitlab"):
                return
            if unquote(m.group(1)) == "NOPE":
                return self.reply(404, {"message": "404 Project Not Found"})
            if not isinstance(body, dict) or not body.get("title"):
                return self.invalid("title is missing")
            if not isinstance(body.get("labels", ""), str):
                return self.invalid("GitLab labels are one comma-separated string")
            labels = [l for l in body.get("labels", "").split(",") if l]
            return self.create("gitlab", marker_of(body.get("description")), body["title"],
                               lambda n: self.reply(201, self.shape("gitlab", self.issue("gitlab", n))),
                               {"labels": [] if args.no_push else labels, "description": body.get("description", "")})
        if url.path == "/rest/api/3/issue/bulk":
            body = self.read_json()
            if not self.authorized("jira-cloud"):
                return
            updates = body.get("issueUpdates") if isinstance(body, dict) else None
            if not isinstance(updates, list) or not updates:
                return self.invalid("issueUpdates is required")
            if len(updates) > 50:
                return self.invalid("at most 50 issues in one bulk request")
            errors, accepted = [], []
            for number, update in enumerate(updates):
                fields = update.get("fields", {}) if isinstance(update, dict) else {}
                problem = self.jira_problem("jira-cloud", fields)
                if problem:
                    return self.invalid(f"issueUpdates[{number}]: {problem}")
                refusal = self.jira_refusal(fields)
                if refusal:
                    errors.append({"status": 400, "elementErrors": refusal, "failedElementNumber": number})
                else:
                    accepted.append(fields)
            with lock:
                state["bulk_requests"] = state.get("bulk_requests", 0) + 1
            def make():
                numbers = [self.store("jira-cloud", marker_of(json.dumps(fields["description"])), fields["summary"],
                                      {"labels": fields.get("labels", []), "description": fields["description"]})
                           for fields in accepted]
                return [{"id": str(1000 + n), "key": f"A11Y-{n}", "self": f"http://jira/{n}"} for n in numbers]
            return self.with_faults(make, lambda issues: self.reply(201 if issues else 400, {"issues": issues, "errors": errors}))
        if url.path in ("/rest/api/3/issue", "/rest/api/2/issue"):
            kind = "jira-cloud" if "/3/" in url.path else "jira-dc"
            body = self.read_json()
            if not self.authorized(kind):
                return
            fields = body.get("fields", {}) if isinstance(body, dict) else {}
            problem = self.jira_problem(kind, fields)
            if problem:
                return self.invalid(problem)
            if fields["project"].get("key") == "NOPE":
                return self.reply(400, {"errorMessages": [], "errors": {"project": "valid project is required"}})
            refusal = self.jira_refusal(fields)
            if refusal:
                return self.reply(400, refusal)
            text = json.dumps(fields["description"]) if kind == "jira-cloud" else fields["description"]
            return self.create(kind, marker_of(text), fields["summary"],
                               lambda n: self.reply(201, {"id": str(1000 + n), "key": f"A11Y-{n}", "self": f"http://jira/{n}"}),
                               {"labels": fields.get("labels", []), "description": fields["description"]})
        m = re.fullmatch(r"/([^/]+)/_apis/wit/workitems/\$([^/?]+)", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("azure"):
                return
            if self.headers.get("Content-Type") != "application/json-patch+json":
                return self.invalid("work items are created with Content-Type: application/json-patch+json")
            if unquote(m.group(1)) == "NOPE":
                return self.reply(404, {"$id": "1", "message": "TF200016: The following project does not exist: NOPE. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server."})
            if "api-version=7.1" not in (url.query or ""):
                return self.invalid("api-version=7.1 is required")
            if unquote(m.group(2)) == "Nope":
                return self.reply(404, {"$id": "1", "message": "VS402323: Work item type Nope does not exist in project A11Y or you do not have permission to access it."})
            if not isinstance(body, list) or not all(op.get("op") == "add" and op.get("path", "").startswith("/fields/") for op in body):
                return self.invalid("expected a JSON Patch list of add operations on /fields/")
            fields = {op["path"][8:]: op["value"] for op in body}
            if "System.Title" not in fields:
                return self.invalid("System.Title is required")
            if args.signin:
                return self.reply(203, raw=b"<html><body>Sign in to your account</body></html>", content_type="text/html")
            tags = [t.strip() for t in fields.get("System.Tags", "").split(";")]
            return self.create("azure", marker_of(fields.get("System.Description")), fields["System.Title"],
                               lambda n: self.reply(200, self.shape("azure", self.issue("azure", n))),
                               {"labels": tags, "type": unquote(m.group(2)),
                                "description": fields.get("System.Description", "")})
        m = re.fullmatch(r"/([^/]+)/_apis/wit/wiql", url.path)
        if m:
            body = self.read_json()
            if not self.authorized("azure"):
                return
            if self.unreadable_lookup():
                return
            tag = re.search(r"CONTAINS '([^']+)'", body.get("query", ""))
            hits = self.find("azure", lambda i: tag and tag.group(1) in i["labels"])
            return self.reply(200, {"workItems": [{"id": i["number"], "url": f"http://ado/{i['number']}"} for i in hits]})
        if url.path == "/issues.json":
            body = self.read_json()
            if not self.authorized("redmine"):
                return
            issue = body.get("issue") if isinstance(body, dict) else None
            if not issue or not issue.get("subject") or not issue.get("project_id"):
                return self.invalid("issue.subject and issue.project_id are required")
            if issue["project_id"] == "NOPE":
                return self.reply(422, {"errors": ["Project cannot be blank"]})
            return self.create("redmine", marker_of(issue.get("description")), issue["subject"],
                               lambda n: self.reply(201, self.shape("redmine", self.issue("redmine", n))),
                               {"description": issue.get("description", "")})
        self.reply(404, {"message": "not found"})


def linear_headers():
    return {"X-RateLimit-Requests-Limit": "1500", "X-RateLimit-Requests-Remaining": "1499",
            "X-RateLimit-Requests-Reset": str(int((time.time() + 3600) * 1000))}


def linear_error(self, message, code="INVALID_INPUT", presentable=None, status=200, headers=None):
    error = {"message": message, "extensions": {"code": code}}
    if presentable:
        error["extensions"]["userPresentableMessage"] = presentable
    return self.reply(status, {"data": None, "errors": [error]}, {**linear_headers(), **(headers or {})})


def linear_issue(i, with_description=False):
    closed = i["state"] == "closed"
    kind = ("canceled" if i["reason"] == "not_planned" else "completed") if closed else "unstarted"
    issue = {"id": i["linear_id"], "identifier": f"A11Y-{i['number']}", "url": f"http://linear/A11Y-{i['number']}",
             "updatedAt": iso(i["updated_at"]), "createdAt": iso(i["created_at"]),
             "completedAt": iso(i["closed_at"]) if kind == "completed" else None,
             "canceledAt": iso(i["closed_at"]) if kind == "canceled" else None, "trashed": None,
             "state": {"name": {"unstarted": "Todo", "completed": "Done", "canceled": "Canceled"}[kind], "type": kind}}
    if with_description:
        issue.update(title=i["title"], description=i.get("description", i["body"]),
                     labels={"nodes": [{"id": l} for l in i.get("labels", [])]})
    return issue


LINEAR_STATES = {"s-todo": ("Todo", "unstarted"), "s-progress": ("In Progress", "started"),
                 "s-done": ("Done", "completed"), "s-canceled": ("Canceled", "canceled")}


def linear_find(key):
    """A Linear issue by its identifier (A11Y-N) or its id, or None."""
    with lock:
        return next((i for i in state["issues"] if i["kind"] == "linear" and not i["deleted"]
                     and (f"A11Y-{i['number']}" == key or i["linear_id"] == key)), None)


def handle_graphql(self):
    """Linear's GraphQL endpoint: the document and variables validated against the schema, then served."""
    body = self.read_json()
    if self.headers.get("Authorization") != args.token:
        return self.reply(400, {"errors": [{"message": "Authentication required, not authenticated",
                                            "extensions": {"code": "AUTHENTICATION_ERROR"}}]})
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        return self.invalid("a GraphQL request is a JSON object with a query")
    variables = body.get("variables") or {}
    if LINEAR_SCHEMA is not None:
        import graphql
        from graphql.execution.values import get_variable_values
        try:
            document = graphql.parse(body["query"])
        except graphql.GraphQLError as error:
            return self.invalid(f"GraphQL syntax: {error.message}")
        problems = graphql.validate(LINEAR_SCHEMA, document)
        if problems:
            return self.invalid("not valid against Linear's schema: " + "; ".join(p.message for p in problems)[:300])
        operation = graphql.get_operation_ast(document)
        coerced = get_variable_values(LINEAR_SCHEMA, operation.variable_definitions or [], variables)
        if isinstance(coerced, list):
            return self.invalid("variables not valid against Linear's schema: " + "; ".join(e.message for e in coerced)[:300])
        with lock:
            state["linear_validated"] = state.get("linear_validated", 0) + 1
    query = body["query"]
    if not query.lstrip().startswith("mutation") and self.unreadable_lookup():
        return
    if "issueCreate(" in query:
        data = variables.get("input", {})
        if data.get("teamId") == "NOPE":
            return linear_error(self, "Entity not found: Team", presentable="Could not find referenced Team.")
        issue_id = data.get("id")
        if not issue_id:
            return self.invalid("criteria always chooses the issue id")
        with lock:
            exists = any(i.get("linear_id") == issue_id for i in state["issues"])
            if exists:
                state["duplicate_ids"] = state.get("duplicate_ids", 0) + 1
        if exists:
            return linear_error(self, "Argument Validation Error", presentable="An issue with this id already exists.")
        issue_made = lambda: self.store("linear", marker_of(data.get("description")), data.get("title", ""),
                                        {"linear_id": issue_id, "description": data.get("description", ""),
                                         "labels": data.get("labelIds") or []})
        return self.with_faults(issue_made, lambda number: self.reply(
            200, {"data": {"issueCreate": {"success": True, "issue": linear_issue(self.issue("linear", number), "description" in query)}}},
            linear_headers()))
    if "commentCreate(" in query:
        data = variables.get("input") or {}
        issue = linear_find(data.get("issueId", ""))
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        if not data.get("body"):
            return linear_error(self, "Argument Validation Error", presentable="body should not be empty")
        return self.post_comment(issue["number"], data["body"],
                                 lambda: self.reply(200, {"data": {"commentCreate": {"success": True}}}, linear_headers()))
    if "comments(" in query:
        issue = linear_find(variables.get("id", ""))
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        wanted = (((variables.get("filter") or {}).get("body") or {}).get("contains")) or ""
        with lock:
            bodies = [b for n, b in state.get("comment_bodies", []) if n == issue["number"] and wanted in b]
        # A page of `first` (50 unless asked) after the cursor, with pageInfo, as Linear's connections page.
        first = re.search(r"comments\(first: (\d+)", query)
        size = int(first.group(1)) if first else 50
        start = int(variables.get("after") or 0)
        more = start + size < len(bodies)
        return self.reply(200, {"data": {"issue": {"comments": {
            "nodes": [{"body": b} for b in bodies[start:start + size]],
            "pageInfo": {"hasNextPage": more, "endCursor": str(start + size) if more else None}}}}}, linear_headers())
    if "states(" in query:
        issue = linear_find(variables.get("id", ""))
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        return self.reply(200, {"data": {"issue": {"team": {"states": {"nodes": [
            {"id": state_id, "name": name, "type": kind} for state_id, (name, kind) in LINEAR_STATES.items()]}}}}},
            linear_headers())
    if "issueUpdate(" in query and "stateId" in (variables.get("input") or {}):
        issue = linear_find(variables.get("id", ""))
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        target = LINEAR_STATES.get(variables["input"]["stateId"])
        if target is None:
            return linear_error(self, "Entity not found: WorkflowState", presentable="Could not find referenced WorkflowState.")
        kind = target[1]
        return self.apply_transition(issue, kind in ("completed", "canceled"),
                                     "not_planned" if kind == "canceled" else "completed",
                                     lambda: self.reply(200, {"data": {"issueUpdate": {"success": True, "issue": linear_issue(issue)}}},
                                                        linear_headers()))
    if "issueUpdate(" in query:
        key = variables.get("id", "")
        issue = next((i for i in state["issues"] if i["kind"] == "linear" and not i["deleted"]
                      and (f"A11Y-{i['number']}" == key or i["linear_id"] == key)), None)
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        data = variables.get("input", {})
        changes = {k: data[f] for k, f in (("description", "description"), ("labels", "labelIds")) if f in data}
        return self.apply_update(issue, data.get("title"),
                                 lambda: self.reply(200, {"data": {"issueUpdate": {"success": True, "issue": linear_issue(issue, "description" in query)}}},
                                                    linear_headers()), changes)
    if "issues(" in query:
        flt = variables.get("filter") or {}
        team = (((flt.get("team") or {}).get("id") or {}).get("eq"))
        wanted = ((flt.get("description") or {}).get("contains")) or ""
        with lock:
            hits = [i for i in state["issues"] if i["kind"] == "linear" and not i["deleted"] and wanted and wanted in i["body"]]
        return self.reply(200, {"data": {"issues": {"nodes": [
            {"id": i["linear_id"], "identifier": f"A11Y-{i['number']}", "url": f"http://linear/A11Y-{i['number']}",
             "description": json.loads(i["body"])["variables"]["input"]["description"]} for i in hits if team]}}}, linear_headers())
    if "issue(" in query:
        if "description" in query and self.read_fault():
            return
        key = variables.get("id", "")
        with lock:
            state["reads"] = state.get("reads", 0) + 1
            issue = next((i for i in state["issues"] if i["kind"] == "linear" and not i["deleted"]
                          and (f"A11Y-{i['number']}" == key or i["linear_id"] == key)), None)
        if issue is None:
            return linear_error(self, "Entity not found: Issue", presentable="Could not find referenced Issue.")
        return self.reply(200, {"data": {"issue": linear_issue(issue, with_description="description" in query)}}, linear_headers())
    return self.invalid("criteria sends issueCreate, issue, issueUpdate, commentCreate and comment and state reads only")


def handle_update(self):
    """PATCH and PUT of one issue, in each vendor's shape, and of one comment (GitHub, Jira)."""
    with lock:
        state["requests"] += 1
    url = urlparse(self.path)
    body = self.read_json()
    m = re.fullmatch(r"/repos/[^/]+/[^/]+/issues/comments/(\d+)", url.path)
    if m:
        if self.command != "PATCH":
            return self.invalid("github edits a comment with PATCH")
        if not self.authorized("github"):
            return
        if not isinstance(body, dict) or not isinstance(body.get("body"), str) or len(body["body"]) > 65536:
            return self.invalid("a comment body is a string of at most 65536 characters")
        return self.edit_comment(int(m.group(1)), "github", body["body"], lambda: self.reply(200, {"id": int(m.group(1))}))
    m = re.fullmatch(r"/rest/api/(3|2)/issue/A11Y-(\d+)/comment/(\d+)", url.path)
    if m:
        kind = "jira-cloud" if m.group(1) == "3" else "jira-dc"
        if self.command != "PUT":
            return self.invalid("Jira edits a comment with PUT")
        if not self.authorized(kind):
            return
        text, problem = self.jira_comment(kind, body)
        if problem:
            return self.invalid(problem)
        return self.edit_comment(int(m.group(3)), kind, text, lambda: self.reply(200, {"id": m.group(3)}))
    routes = ((r"/repos/[^/]+/[^/]+/issues/(\d+)", "github", "PATCH"),
              (r"/api/v4/projects/[^/]+/issues/(\d+)", "gitlab", "PUT"),
              (r"/rest/api/3/issue/A11Y-(\d+)", "jira-cloud", "PUT"),
              (r"/rest/api/2/issue/A11Y-(\d+)", "jira-dc", "PUT"),
              (r"/[^/]+/_apis/wit/workitems/(\d+)", "azure", "PATCH"),
              (r"/issues/(\d+)\.json", "redmine", "PUT"))
    for pattern, kind, method in routes:
        m = re.fullmatch(pattern, url.path)
        if not m:
            continue
        if method != self.command:
            return self.invalid(f"{kind} updates an issue with {method}, not {self.command}")
        if not self.authorized(kind):
            return
        issue = self.issue(kind, m.group(1))
        if issue is None:
            return self.reply(404, {"message": "Not Found"})
        title = None
        if kind == "github" and isinstance(body, dict) and "state" in body and "title" not in body:
            if body["state"] not in ("open", "closed") or body.get("state_reason") not in (None, "completed", "not_planned", "reopened"):
                return self.invalid("state is open or closed; state_reason completed, not_planned or reopened")
            return self.apply_transition(issue, body["state"] == "closed", body.get("state_reason") or "completed",
                                         lambda: self.reply(200, self.shape(kind, issue)))
        if kind == "gitlab" and isinstance(body, dict) and "state_event" in body:
            if body["state_event"] not in ("close", "reopen"):
                return self.invalid("state_event is close or reopen")
            return self.apply_transition(issue, body["state_event"] == "close", "completed",
                                         lambda: self.reply(200, self.shape(kind, issue)))
        if kind == "redmine" and isinstance(body, dict) and isinstance(body.get("issue"), dict) \
                and ("notes" in body["issue"] or "status_id" in body["issue"]) and "subject" not in body["issue"]:
            fields = body["issue"]
            if "notes" in fields:
                if not isinstance(fields["notes"], str) or not fields["notes"]:
                    return self.invalid("notes must be text")
                return self.post_comment(issue["number"], fields["notes"], lambda: self.reply(204, raw=b""))
            try:
                status = int(fields["status_id"])
            except (TypeError, ValueError):
                return self.reply(422, {"errors": ["Status is not included in the list"]})
            if status not in range(1, 7):
                return self.reply(422, {"errors": ["Status is not included in the list"]})
            return self.apply_transition(issue, status in (5, 6), "not_planned" if status == 6 else "completed",
                                         lambda: self.reply(204, raw=b""))
        if kind == "github":
            if not isinstance(body, dict) or not isinstance(body.get("title"), str):
                return self.invalid("title must be a string")
            title = body["title"]
            changes = {k: v for k, v in (("description", body.get("body")), ("labels", body.get("labels")))
                       if v is not None}
            return self.apply_update(issue, title, lambda: self.reply(200, self.shape(kind, issue)), changes)
        if kind == "gitlab":
            if not isinstance(body, dict) or not isinstance(body.get("labels", ""), str):
                return self.invalid("GitLab labels are one comma-separated string")
            changes = {k: v for k, v in (("description", body.get("description")),
                                         ("labels", [l for l in body.get("labels", "").split(",") if l]
                                          if "labels" in body else None)) if v is not None}
            return self.apply_update(issue, body.get("title"), lambda: self.reply(200, self.shape(kind, issue)),
                                     changes)
        if kind in ("jira-cloud", "jira-dc"):
            fields = body.get("fields") if isinstance(body, dict) else None
            if not isinstance(fields, dict) or not fields:
                return self.invalid("fields is required")
            if "project" in fields or "issuetype" in fields:
                return self.invalid("an edit cannot move the issue to another project or type here")
            if "description" in fields and self.jira_too_long(fields["description"]):
                return self.reply(400, self.jira_too_long(fields["description"]))
            if kind == "jira-cloud" and "description" in fields and ADF_SCHEMA is not None:
                import jsonschema
                try:
                    jsonschema.validate(fields["description"], ADF_SCHEMA)
                except jsonschema.ValidationError as error:
                    return self.invalid("description is not valid ADF: " + error.message[:200])
            changes = {k: fields[f] for k, f in (("description", "description"), ("labels", "labels")) if f in fields}
            return self.apply_update(issue, fields.get("summary"), lambda: self.reply(204, raw=b""), changes)
        if kind == "azure" and isinstance(body, list) and any(op.get("path") == "/fields/System.State" for op in body):
            if self.headers.get("Content-Type") != "application/json-patch+json":
                return self.invalid("work items are updated with Content-Type: application/json-patch+json")
            value = next(op.get("value") for op in body if op.get("path") == "/fields/System.State")
            if value not in AZURE_STATES.get(issue.get("type", "Bug"), []):
                return self.reply(400, {"message": f"TF401320: Rule Error for field State. The value '{value}' is not in the list of supported values."})
            return self.apply_transition(issue, value in ("Resolved", "Closed", "Removed"),
                                         "not_planned" if value == "Removed" else "completed",
                                         lambda: self.reply(200, self.shape(kind, issue)))
        if kind == "azure":
            if self.headers.get("Content-Type") != "application/json-patch+json":
                return self.invalid("work items are updated with Content-Type: application/json-patch+json")
            if not isinstance(body, list) or not all(op.get("op") in ("add", "replace") for op in body):
                return self.invalid("expected a JSON Patch list")
            title = next((op["value"] for op in body if op.get("path") == "/fields/System.Title"), None)
            values = {op.get("path"): op.get("value") for op in body}
            changes = {}
            if "/fields/System.Description" in values:
                changes["description"] = values["/fields/System.Description"]
            if "/fields/System.Tags" in values:
                changes["labels"] = [t.strip() for t in values["/fields/System.Tags"].split(";")]
            return self.apply_update(issue, title, lambda: self.reply(200, self.shape(kind, issue)), changes)
        if kind == "redmine":
            if not isinstance(body, dict) or not isinstance(body.get("issue"), dict):
                return self.invalid("issue is required")
            changes = {"description": body["issue"]["description"]} if "description" in body["issue"] else {}
            return self.apply_update(issue, body["issue"].get("subject"), lambda: self.reply(204, raw=b""), changes)
    self.reply(404, {"message": "not found"})


Handler.do_PATCH = handle_update
Handler.do_PUT = handle_update


def main():
    global args, ADF_SCHEMA, LINEAR_SCHEMA
    parser = argparse.ArgumentParser()
    parser.add_argument("--token", default="secret-token")
    parser.add_argument("--faults", default="")
    parser.add_argument("--rate", type=int, default=0)
    parser.add_argument("--signin", action="store_true")
    parser.add_argument("--reject", default="")
    parser.add_argument("--jira-limit", type=int, default=32767)
    parser.add_argument("--restyle", action="store_true")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve HTTPS with this certificate and key")
    parser.add_argument("--adf-schema")
    parser.add_argument("--index-lag", type=float, default=0)
    parser.add_argument("--no-push", action="store_true")
    parser.add_argument("--linear-schema")
    args = parser.parse_args()
    if args.linear_schema:
        import graphql
        with open(args.linear_schema) as handle:
            LINEAR_SCHEMA = graphql.build_schema(handle.read())
    if args.adf_schema:
        with open(args.adf_schema) as handle:
            ADF_SCHEMA = json.load(handle)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if args.tls:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*args.tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
