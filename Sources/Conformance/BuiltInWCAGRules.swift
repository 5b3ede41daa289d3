// swift-format-ignore-file: this file is data (YAML); its lines are as long as the reasons need.

/// The WCAG mapping rules criteria ships, as the YAML a team copies to write its own
/// (`criteria wcag --print-rules`; a config's `wcag.rules` files add rules or replace one by id).
///
/// Every check gets the success criteria of every rule that matches it: a rule matches when the check's
/// test kind is in `tests`, its key holds one of the `check` phrases, its expectation holds one of the
/// `expectation` phrases (each as whole words; an absent condition matches anything) and neither holds an
/// `unless` phrase. Each reason cites the W3C "Understanding WCAG 2.2" text the mapping rests on.
enum BuiltInWCAGRules {
  static let origin = "built-in WCAG rules"

  static let yaml = """
    rules:
      # Keyboard
      - id: keyboard-operable
        tests: [keyboard]
        wcag: [2.1.1]
        reason: "Understanding 2.1.1 Keyboard: all functionality must be operable through a keyboard interface; every keyboard check tests one function that way."
      - id: keyboard-focus-order
        tests: [keyboard]
        check: [tab, arrow, arrows, arrow keys, ctrl tab, ctl tab, shift tab]
        wcag: [2.4.3, 2.4.7]
        reason: "Understanding 2.4.3 Focus Order and 2.4.7 Focus Visible: moving focus with Tab or arrows must follow a meaningful order and show where focus is."
      - id: keyboard-focus-moves
        tests: [keyboard]
        expectation: [focus, focuses, focused]
        wcag: [2.4.3, 2.4.7]
        reason: "Understanding 2.4.3 Focus Order and 2.4.7 Focus Visible: an expectation about where focus goes tests its order and its visible indicator."
      - id: focus-visible
        check: [visible focus, focus indicator, focus visible]
        wcag: [2.4.7]
        reason: "Understanding 2.4.7 Focus Visible: any keyboard operable interface has a mode where the focus indicator is visible."
      - id: no-keyboard-trap
        tests: [keyboard]
        check: [escape, esc]
        wcag: [2.1.2]
        reason: "Understanding 2.1.2 No Keyboard Trap: focus that enters a component (a dialog, a menu) can leave it with the keyboard, and Escape is the standard way out."
      - id: focus-trap-or-dismiss
        tests: [keyboard, gestures]
        expectation: [trap, trapped, focus stays, focus remains, confined, dismisses, dismissed]
        wcag: [2.1.2]
        reason: "Understanding 2.1.2 No Keyboard Trap: a check that a component closes or keeps focus inside until dismissed tests that focus can always be moved away."
      # Screen reader gestures on touch devices (WCAG2ICT applies these success criteria to native software)
      - id: gesture-navigation
        tests: [gestures]
        check: [swipe, swipes, 1 finger swipe, one finger]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: swiping moves the screen reader's focus through components in a sequence that must preserve meaning and operability."
      - id: gesture-reading-order
        tests: [gestures]
        check: [2 finger swipe, two finger swipe, 3 finger swipe, three finger swipe, two finger]
        wcag: [1.3.2, 2.4.3]
        reason: "Understanding 1.3.2 Meaningful Sequence and 2.4.3 Focus Order: reading and scrolling commands follow the content's programmatic order, which must match its meaning."
      - id: gesture-activation
        tests: [gestures]
        check: [doubletap, double tap, doubletap and hold, volume]
        wcag: [2.1.1, 4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value and 2.1.1 Keyboard (WCAG2ICT): a screen reader activates or adjusts a control through the platform's accessibility interface, which works only when its role and actions are exposed."
      - id: gesture-name-role-state
        tests: [gestures]
        expectation: [name, role, state, expresses, announces, announced]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: what the screen reader expresses on reaching a control is its programmatic name, role and state."
      - id: gesture-rotor-headings
        tests: [gestures]
        check: [rotor, talkback menu, headings]
        wcag: [1.3.1, 2.4.6]
        reason: "Understanding 1.3.1 Info and Relationships and 2.4.6 Headings and Labels: rotor and TalkBack menu navigation by headings works only when headings are programmatic and descriptive."
      - id: gesture-escape
        tests: [gestures]
        check: [close button, two finger swipe to the left, z gesture, scrub]
        wcag: [2.1.2]
        reason: "Understanding 2.1.2 No Keyboard Trap (WCAG2ICT): a screen reader user can leave a sheet, dialog or overlay with the platform's dismiss gesture or a close control."
      - id: gesture-grouping
        tests: [gestures]
        check: [group]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: related elements read as one group only when their relationship is programmatically determined."
      # Name, role, group, state
      - id: accessible-name
        tests: [screenReader]
        check: [name, label, purpose, link text]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: every user interface component has a name assistive technology can determine."
      - id: label-in-name
        check: [name, label]
        expectation: [visible label, visible text, matches the visible, matches visible, should match]
        wcag: [2.5.3]
        reason: "Understanding 2.5.3 Label in Name: where a component has a visible text label, its accessible name contains that text, so speech users can say what they see."
      - id: labels-instructions
        tests: [screenReader]
        check: [instructions, hint, placeholder, required]
        wcag: [3.3.2]
        reason: "Understanding 3.3.2 Labels or Instructions: inputs that need user input have labels or instructions."
      - id: role
        tests: [screenReader]
        check: [role, type, trait, traits]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: the role of every component can be programmatically determined."
      - id: state-value
        tests: [screenReader]
        check: [state, states, value, selected, checked, expanded, collapsed, disabled]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: states, properties and values that users can set are programmatically determinable, and changes are notified to assistive technology."
      - id: group
        tests: [screenReader]
        check: [group, grouping, groupings, list, items]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a group's relationship (a list, a set of options) is conveyed programmatically, not only visually."
      - id: structure
        check: [heading, headings, text heading, column header, row header, table, strike through, strike though, strikethrough]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: headings, table headers and meaningful text styles are programmatically determinable, not only presented."
      - id: heading-descriptive
        check: [heading, headings, text heading]
        wcag: [2.4.6]
        reason: "Understanding 2.4.6 Headings and Labels: headings describe the topic or purpose of the content they introduce."
      - id: reading-focus
        tests: [screenReader]
        check: [focus, initial focus, navigate, navigation, reading order]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: where focus starts and how it moves through content preserves meaning and operability."
      - id: focus-on-open
        expectation: [focus moves to, focus is placed, focus goes to, receives focus, focus returns]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: focus placed into opened content and returned on close keeps a meaningful order."
      - id: non-text-content
        check: [graphic, graphics, image, images, icon, icons, decorative]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: images and icons that convey information have a text alternative; decorative ones are hidden from assistive technology."
      - id: decorative-hidden
        expectation: [decorative, ignores the image, ignored completely, is ignored]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: decorative images are implemented so assistive technology ignores them."
      - id: error-identification
        check: [error, errors, error message, validation]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: an input error is identified and described to the user in text."
      - id: error-message-reached
        expectation: [error message, error text, error is announced]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: a check that reaches or hears the error message tests that the error is described to the user in text."
      - id: status-messages
        expectation: [dynamically announced, announced dynamically, without moving focus, live region, announced automatically]
        wcag: [4.1.3]
        reason: "Understanding 4.1.3 Status Messages: a change announced without moving focus (a result, an alert, loading) is a status message assistive technology must present."
      - id: change-announced
        check: [notification, alert, toast, banner, status, message, snackbar]
        wcag: [4.1.3]
        reason: "Understanding 4.1.3 Status Messages: notifications and alerts that appear without taking focus must be announced by assistive technology."
      # Settings and presentation
      - id: resize-text
        check: [text resize, resize, text size, dynamic type, font size, zoom]
        wcag: [1.4.4]
        reason: "Understanding 1.4.4 Resize Text: text can be resized up to 200 percent without loss of content or functionality (for native apps, through the platform's text size setting)."
      - id: reflow
        expectation: [reflow, scroll in two dimensions, horizontal scrolling, 320]
        wcag: [1.4.10]
        reason: "Understanding 1.4.10 Reflow: content reflows at a 320 CSS pixel width without scrolling in two dimensions."
      - id: reduce-motion
        check: [reduce motion, reduced motion, animation, motion]
        wcag: [2.3.3]
        reason: "Understanding 2.3.3 Animation from Interactions: motion triggered by interaction can be disabled, as the reduce motion setting asks."
      - id: orientation
        check: [orientation, rotate, rotation, landscape, portrait]
        wcag: [1.3.4]
        reason: "Understanding 1.3.4 Orientation: content does not restrict its view to portrait or landscape unless that is essential."
      - id: contrast-text
        check: [contrast, colour contrast, color contrast]
        wcag: [1.4.3]
        reason: "Understanding 1.4.3 Contrast (Minimum): text has a contrast ratio of at least 4.5:1 (3:1 for large text)."
      - id: contrast-non-text
        check: [focus indicator, boundary, border, icon contrast, non text contrast, state contrast]
        expectation: [contrast, 3 1]
        wcag: [1.4.11]
        reason: "Understanding 1.4.11 Non-text Contrast: component boundaries, states and focus indicators have a contrast ratio of at least 3:1."
      - id: use-of-color
        expectation: [color alone, colour alone, only color, only colour]
        wcag: [1.4.1]
        reason: "Understanding 1.4.1 Use of Color: color is not the only visual means of conveying information."
      - id: target-size
        check: [target size, touch target, tap target, hit area]
        wcag: [2.5.8]
        reason: "Understanding 2.5.8 Target Size (Minimum): pointer targets are at least 24 by 24 CSS pixels, or spaced so."
      - id: pointer-gestures
        check: [drag, dragging, pinch, multipoint, path]
        wcag: [2.5.1, 2.5.7]
        reason: "Understanding 2.5.1 Pointer Gestures and 2.5.7 Dragging Movements: functions that use paths, multiple points or dragging also work with a single pointer without dragging."
      - id: timing
        check: [timeout, time limit, auto dismiss, auto advance, autoplay, auto play, carousel rotation]
        wcag: [2.2.1, 2.2.2]
        reason: "Understanding 2.2.1 Timing Adjustable and 2.2.2 Pause, Stop, Hide: users can extend time limits and pause moving or auto-updating content."
      - id: on-focus-on-input
        expectation: [context change, changes context, without warning, unexpected]
        wcag: [3.2.1, 3.2.2]
        reason: "Understanding 3.2.1 On Focus and 3.2.2 On Input: receiving focus or changing a setting does not change context unexpectedly."
    """
}
