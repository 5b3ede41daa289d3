/// The tracker definitions that ship with criteria, compiled in so they work from any folder.
///
/// `exporters/redmine.yml` and `exporters/gitlab.yml` hold the same text for users to copy (a test
/// checks).
enum ShippedDefinitions {
  static let files: [(name: String, text: String)] = [
    (
      name: "exporters/redmine.yml",
      text: #"""
      # Redmine issues over its REST API. Shipped with criteria; copy and edit it to make your own tracker.
      # Templates are Mustache. In `create.body` every value is already escaped for a JSON string;
      # in URLs every value but `url` is percent-encoded.
      name: redmine
      summary: Redmine issues (POST /issues.json), API key from the environment in X-Redmine-API-Key.
      # The longest title the tracker takes: a longer one is cut with an ellipsis (the body keeps it whole).
      title_limit: 255
      create:
        method: POST
        url: "{{url}}/issues.json"
        content_type: application/json
        body: |
          {"issue": {"project_id": "{{project}}", {{#priority}}"priority_id": "{{priority}}", {{/priority}}"subject": "{{title}}", "description": "{{body_text}}"}}
      # An audit finding's Severity as the priority it is created with (`priority` in the body above; an
      # output's `priority:` option replaces this mapping, `priority: none` sends none). The ids are those of
      # Redmine's default data (Low 1, Normal 2, High 3, Urgent 4, Immediate 5): see
      # /enumerations/issue_priorities.json for your server's.
      priorities:
        Critical: "4"
        High: "3"
        Medium: "2"
        Low: "1"
      auth:
        header: X-Redmine-API-Key
        scheme: plain
        env: REDMINE_API_KEY
      created:
        key: issue.id
        url: "{{url}}/issues/{{key}}"
      search:
        url: "{{url}}/issues.json?project_id={{project}}&status_id=*&f%5B%5D=description&op%5Bdescription%5D=~&v%5Bdescription%5D%5B%5D={{marker}}&limit=100"
        key: issues.0.id
        # The search matches text, so it also finds markers that start with this one: take the issue
        # whose description holds it whole.
        marker_in: description
      # Reading a ticket back (criteria status, sync, and the check before an update): JSON paths in the answer.
      read:
        url: "{{url}}/issues/{{key}}.json"
        status: issue.status.name
        closed: issue.status.is_closed
        not_planned: [Rejected]
        resolved_on: issue.closed_on
        updated_at: issue.updated_on
        created_at: issue.created_on
      update:
        method: PUT
        url: "{{url}}/issues/{{key}}.json"
        body: |
          {"issue": {"subject": "{{title}}", "description": "{{body_text}}"}}
        # Where this body and the read: answer hold what an update overwrites. A ticket whose update time
        # moved (a note, a status, an assignee) but whose subject and description are as criteria wrote them
        # is updated; one whose subject or description a person changed is left alone.
        fields:
          title: issue.subject
          description: issue.description
      # Following retests (follow_retest: true): a comment, then the status a retest closes or reopens with.
      # In these bodies `comment` is escaped for a JSON string; `closed_status` and `reopened_status` come from
      # the output's options of those names, else from defaults below (Redmine's default Closed and In Progress).
      defaults:
        closed_status: "5"
        reopened_status: "2"
      comment:
        method: PUT
        url: "{{url}}/issues/{{key}}.json"
        body: |
          {"issue": {"notes": "{{comment}}"}}
      close:
        method: PUT
        url: "{{url}}/issues/{{key}}.json"
        body: |
          {"issue": {"status_id": "{{closed_status}}"}}
      reopen:
        method: PUT
        url: "{{url}}/issues/{{key}}.json"
        body: |
          {"issue": {"status_id": "{{reopened_status}}"}}
      # Where a retest comment is looked for before it is posted again: the issue with its journal.
      comments:
        url: "{{url}}/issues/{{key}}.json?include=journals"
        # Where the answer holds the list: an answer without it is never read as "no comment yet".
        list: issue.journals

      """#
    ),
    (
      name: "exporters/gitlab.yml",
      text: #"""
      # GitLab issues over REST v4. Shipped with criteria; copy and edit it to make your own tracker.
      # Templates are Mustache. In `create.body` every value is already escaped for a JSON string;
      # in URLs every value but `url` is percent-encoded (so a project path "group/app" works as the id).
      name: gitlab
      summary: GitLab issues (POST /api/v4/projects/:id/issues), labels as one comma-separated string, PRIVATE-TOKEN.
      # The longest title the tracker takes: a longer one is cut with an ellipsis (the body keeps it whole).
      title_limit: 255
      defaults:
        url: https://gitlab.com
      create:
        method: POST
        url: "{{url}}/api/v4/projects/{{project}}/issues"
        content_type: application/json
        body: |
          {"title": "{{title}}", "description": "{{body_markdown}}", "labels": "{{labels_csv}}"}
      auth:
        header: PRIVATE-TOKEN
        scheme: plain
        env: GITLAB_TOKEN
      created:
        key: iid
        url_field: web_url
      search:
        url: "{{url}}/api/v4/projects/{{project}}/issues?scope=all&labels={{marker_label}}"
        key: 0.iid
        url_field: 0.web_url
      # Reading a ticket back (criteria status, sync, and the check before an update): JSON paths in the answer.
      read:
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}"
        status: state
        closed: state
        closed_values: [closed]
        resolved_on: closed_at
        updated_at: updated_at
        created_at: created_at
      update:
        method: PUT
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}"
        body: |
          {"title": "{{title}}", "description": "{{body_markdown}}", "labels": "{{labels_csv}}"}
        # Where this body and the read: answer hold what an update overwrites (labels: a list, or one
        # comma-separated string). A ticket only commented on or moved along since criteria wrote it is updated.
        fields:
          title: title
          description: description
          labels: labels
      # Following retests (follow_retest: true): a note, then state_event close or reopen.
      # In these bodies `comment` is escaped for a JSON string.
      comment:
        method: POST
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}/notes"
        body: |
          {"body": "{{comment}}"}
      close:
        method: PUT
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}"
        body: |
          {"state_event": "close"}
      reopen:
        method: PUT
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}"
        body: |
          {"state_event": "reopen"}
      # Where a retest note is looked for before it is posted again.
      comments:
        url: "{{url}}/api/v4/projects/{{project}}/issues/{{key}}/notes?per_page=100"
        # Where the answer holds the list (`.`: the answer is the list): an answer without it is never
        # read as "no note yet".
        list: "."

      """#
    ),
  ]
}
