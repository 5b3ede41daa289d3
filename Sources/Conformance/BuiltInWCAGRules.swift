// swift-format-ignore-file: this file is data (YAML); its lines are as long as the reasons need.

/// The WCAG mapping rules criteria ships, as the YAML a team copies to write its own
/// (`criteria wcag --print-rules`; a config's `wcag.rules` files add rules or replace one by id).
///
/// A check is evidence for a success criterion when failing the check would by itself fail the
/// criterion for that component. Every check gets the success criteria (`wcag`) of every rule that
/// matches it, and shows the `related` ones (contested among practitioners, never evidence): a rule
/// matches when the check's test kind is in `tests`, the component's kind is in `kind` and not in
/// `unless_kind`, its key holds one of the `check` phrases, its expectation holds one of the
/// `expectation` phrases (each as whole words; an absent condition matches anything) and neither holds
/// an `unless` phrase. The `kinds` list says what a component is from its title, slug and category; the
/// first kind rule that matches decides, and `control` is the rest. Each reason cites the W3C
/// "Understanding WCAG 2.2" text the mapping rests on.
enum BuiltInWCAGRules {
  static let origin = "built-in WCAG rules"

  static let yaml = """
    kinds:
      # What a component is, on WAI-ARIA 1.2's role categories (aria:). roles: are read in the document's
      # own Role check first ("It identifies itself as a table"); words: in its title, slug and category
      # when its Role check names no role of its own, or when the kind refines the role the Role check
      # names (a skip link is a link, a chart an image). A component nothing places is unknown.
      - kind: skip-link
        aria: widget
        refines: [link]
        roles: [skip link, skip links]
        words: [skip link, skip links, skip to content, skip to main, bypass link, bypass block, bypass blocks]
      - kind: figure
        aria: structure
        refines: [image]
        roles: [figure, chart, graph, diagram]
        words: [figure, figures, chart, charts, graph, graphs, diagram, diagrams, infographic, map, maps, complex image, complex images, complex graphic, complex graphics]
      - kind: image
        aria: structure
        roles: [image, img, graphic, icon, picture]
        words: [image, images, graphic, graphics, icon, icons, picture, photo, illustration, logo, avatar, svg]
        unless: [loading, button, image button]
      - kind: heading
        aria: structure
        roles: [heading, headings, heading level]
        words: [heading, headings]
      - kind: table
        aria: structure
        roles: [table, data table]
        words: [table, tables, data table, data grid]
        unless: [button, row button, switch]
      - kind: media
        roles: [video, audio, media player]
        words: [video, videos, audio, media, player, podcast]
      - kind: dialog
        aria: window
        roles: [alert dialog, alertdialog, dialog, modal, popover, sheet]
        words: [dialog, dialogs, modal, modals, alert dialog, popover, bottom sheet, lightbox]
      - kind: live
        aria: live
        roles: [alert, status, log, marquee, live region]
        words: [alert, alerts, banner, banners, snackbar, toast, toasts, status message, status messages, loading, spinner, live region, skeleton]
        unless: [landmark, header]
      - kind: description
        aria: structure
        roles: [tooltip, tool tip]
        words: [tooltip, tooltips, tool tip, hint, hints, help text, helper text, error message, error messages, field error, field errors, inline error, inline errors, validation message, errors, form errors, error summary, badge, badges]
      - kind: landmark
        aria: landmark
        roles: [landmark, landmarks, banner, navigation, nav, region, main, contentinfo, complementary, header, footer, search landmark]
        words: [landmark, landmarks, header, footer, navigation, nav, main, aside, complementary, region, breadcrumb, breadcrumbs]
        unless: [expandable, expander, accordion, sheet, menu]
      - kind: composite
        aria: composite
        roles: [menu, menubar, menu bar, tablist, tab list, listbox, list box, radiogroup, radio group, tree, grid, treegrid, toolbar, tab bar]
        words: [menu, menus, menubar, tabs, tab list, tab bar, radio group, checkbox group, listbox, tree view, toolbar]
      - kind: list
        aria: structure
        roles: [list, list item, listitem]
        words: [list, lists, list item, list items, description list]
        unless: [dropdown, button, menu, select, picker, reorder, listbox, row]
      - kind: link
        aria: widget
        roles: [link, hyperlink]
        words: [link, links, hyperlink, footnote, footnotes]
      - kind: input
        aria: widget
        roles: [text field, text input, edit box, editable, editable input, search field, search input, searchbox, search box, textbox, text box, combobox, combo box, input, spin button, spinbutton]
        words: [input, inputs, text input, text field, textarea, text area, search, select, dropdown, combobox, combo box, picker, autocomplete, form, forms, field, fields]
      - kind: control
        aria: widget
        roles: [button, buttons, image button, checkbox, check box, switch, toggle, radio button, radio, slider, adjustable, stepper, tab, menu item, menuitem, option, draggable, double tap to activate, expandable, dropdown, picker, in horizontal pager, progress bar, progressbar, meter]
        words: [button, buttons, checkbox, checkboxes, radio, switch, toggle, slider, stepper, chip, chips, rating, carousel, accordion, expander, expandable, disclosure, pagination, segmented control, tab, picker, timer, captcha]
      - kind: page
        aria: document
        words: [page title, page level, page, document, website, language, webview, web view, focus, focus management, animation, animations, motion, sticky, sticky element]
      - kind: text
        aria: structure
        roles: [separator, horizontal rule, paragraph, static text, deletion, insertion, strikethrough]
        words: [strikethrough, strike through, separator, horizontal rule, paragraph, blockquote, quote, static text, body text, tidbit, tidbits, card, cards, tile, tiles]
    rules:
      # Keyboard: keystroke input (a hardware keyboard on iOS and Android)
      - id: keyboard-operable
        tests: [keyboard]
        check: [tab, shift tab, enter, return, space, spacebar, space bar, arrow, arrows, arrow keys, up, down, left, right, escape, esc, home, end, page up, page down, ctrl, ctl, ctr, alt, option, shift, command, cmd, key, keys, keystroke, keyboard, type, typing, letter, letters, character, characters, delete, backspace, plus, minus, f6]
        unless: [nothing, does not, doesn t, should not, will not, not focusable, not receive focus, does not receive focus, will not receive focus, cannot be activated, inert, browse, browses, browsed, ignores, ignored, zoom, zooms, confined, trapped, skip link, skip links, reads, is read, are read, reduce motion, reduced motion, next heading, previous heading, next landmark, heading to heading, landmark to landmark, screen reader shortcut, screenreader shortcut, screen reader shortcuts, screenreader shortcuts]
        wcag: [2.1.1]
        reason: "Understanding 2.1.1 Keyboard: all functionality is operable through a keyboard interface; a key that reaches or operates a function tests it (sentence by sentence: 'Selects the option. Otherwise, does nothing.' still operates). Checks that nothing happens, that only name a setting or where focus starts, browse-mode reading and zoom do not."
      - id: keyboard-reach
        tests: [keyboard]
        check: [tab, shift tab, arrow, arrows, arrow keys]
        expectation: [focus moves, focus visibly moves, focus moves visibly, moves focus]
        unless: [nothing, does not, doesn t, should not, will not, not focusable, not receive focus, does not receive focus, will not receive focus, confined, trapped, skip link, skip links, browse, browses, browsed]
        wcag: [2.1.1]
        reason: "Understanding 2.1.1 Keyboard: a key that moves focus to a component reaches it by keyboard, whatever else the check says the screen reader reads."
      - id: keyboard-scroll
        tests: [keyboard]
        check: [arrow, arrows, arrow keys, page down, page up, space]
        expectation: [container, scroll, scrolls, scrolled]
        wcag: [2.1.1]
        related: [1.3.2]
        reason: "Understanding 2.1.1 Keyboard: a scrollable area must scroll with the keyboard, or its content is out of reach."
      - id: keyboard-focus-order
        tests: [keyboard]
        check: [tab, arrow, arrows, arrow keys, ctrl tab, ctl tab, ctr tab, shift tab]
        expectation: [focus, focusable, moves to, moves within, navigate, navigates]
        unless: [nothing, not focusable, not receive focus, does not receive focus, will not receive focus, can visibly move, can move, browse, browses, browsed]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: moving focus with Tab or arrows reaches components in an order that preserves meaning and operability."
      - id: keyboard-focus-visible
        tests: [keyboard]
        expectation: [visible, visibly, indicator, focus ring, outline, highlight, highlighted]
        unless: [not focusable, not receive focus, can visibly move]
        wcag: [2.4.7]
        reason: "Understanding 2.4.7 Focus Visible: a keyboard-operable interface shows where focus is; a check tests it only when it speaks of the visible indicator."
      - id: keyboard-order-named
        tests: [keyboard, screenReader]
        expectation: [logical order, top to bottom, left to right]
        unless: [read, browsed, browse, makes sense]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: an expectation that focus follows a logical order tests the focus order."
      - id: escape-closes
        tests: [keyboard]
        check: [escape, esc]
        wcag: [2.1.1]
        related: [2.1.2]
        reason: "Understanding 2.1.1 Keyboard: Escape dismissing a component is a function operated by key. Understanding 2.1.2 No Keyboard Trap asks only that focus can leave by some key, so Escape is related, not the test of it."
      - id: no-keyboard-trap
        expectation: [can leave, can move away, not trapped, move focus away, focus can leave, keyboard trap]
        wcag: [2.1.2]
        reason: "Understanding 2.1.2 No Keyboard Trap: focus that enters a component can leave it with the keyboard."
      - id: focus-contained
        expectation: [confined, trapped, focus stays, stays within, remains within, contained within, stays inside, remains inside, kept inside, kept within]
        wcag: [2.4.3]
        related: [2.1.2]
        reason: "Understanding 2.4.3 Focus Order: a modal dialog keeps focus inside while open and the content behind it inert (deliberate containment, a focus-order expectation); it is not a keyboard trap under 2.1.2 while the dialog can be closed."
      - id: dialog-containment
        kind: [window]
        expectation: [inert, content behind, behind the modal, behind the dialog, behind it, page behind, outside the modal, outside the dialog, background content, cannot reach, cannot be reached, cannot move outside, does not leave, never leaves, loops, wraps, cycles, back to the top, moves within the dialog, moves within the modal, stays in the dialog, stays in the modal]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: a modal dialog keeps focus inside and the content behind it inert, and focus wraps from its last element to its first; that order keeps the dialog operable."
      - id: focus-placed
        expectation: [initial focus, focus starts, focus begins, focus lands, focus returns, focus should return, returns focus, return focus, focus is returned, focus is placed, focus goes to, focus moves into, focus moves to the first, focus moves to the error, focus is moved to, moves focus to, logical place, targeted element, targeted footnote, target element]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: where focus lands when content opens, closes or is jumped to keeps a meaningful order."
      - id: initial-focus
        tests: [screenReader]
        check: [initial focus, navigate, reading order, focus order]
        wcag: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: where focus starts and how it moves through content preserves meaning and operability."
      - id: skip-link
        check: [skip link, skip links, skip to, bypass]
        wcag: [2.4.1]
        related: [2.1.1]
        reason: "Understanding 2.4.1 Bypass Blocks: a skip link lets keyboard users bypass blocks of content repeated on pages."
      - id: skip-link-kind
        tests: [keyboard, gestures]
        kind: [skip-link]
        wcag: [2.4.1]
        reason: "Understanding 2.4.1 Bypass Blocks: reaching, seeing and following a skip link is the mechanism that bypasses blocks repeated on pages; every check of its operation tests it."
      - id: skip-link-position
        kind: [skip-link]
        expectation: [first, main content, main, bypass, skip, skips, beginning]
        wcag: [2.4.1]
        reason: "Understanding 2.4.1 Bypass Blocks: a skip link is the first thing reached and leads to the main content, or it bypasses nothing."
      - id: skip-link-named
        expectation: [skip link, skip links, skip to main, skip to content, skip navigation]
        wcag: [2.4.1]
        reason: "Understanding 2.4.1 Bypass Blocks: a skip link lets keyboard users bypass blocks of content repeated on pages."
      - id: screen-reader-shortcut
        tests: [keyboard]
        expectation: [next heading, previous heading, next landmark, heading to heading, landmark to landmark, screen reader shortcut, screenreader shortcut, screen reader shortcuts, screenreader shortcuts, quick navigation]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a screen reader's keys that move by heading or landmark work only when those are programmatic; they are the screen reader's own navigation, not a function of the content (2.1.1)."
      - id: browse-mode
        tests: [keyboard]
        expectation: [browse, browses, browsed, read in order]
        unless: [container, scroll, scrolls, cell, cells]
        wcag: [1.3.2]
        related: [2.1.1]
        reason: "Understanding 1.3.2 Meaningful Sequence: content read in order with a screen reader's browse keys follows a sequence that keeps its meaning; no function is operated."
      # Screen reader gestures on touch devices (WCAG2ICT applies these success criteria to native software)
      - id: gesture-reach
        tests: [gestures]
        check: [swipe, swipes, swipe right, swipe left, 1 finger swipe, one finger]
        related: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: whether the screen reader's swipe sequence is a focus order is contested among practitioners; reaching an element by swipe is shown, not counted."
      - id: gesture-scroll
        tests: [gestures]
        check: [2 finger swipe, two finger swipe, 3 finger swipe, three finger swipe, two finger, three finger]
        unless: [close, closes, dismiss, dismisses, swipe to the left]
        related: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: scrolling gestures belong to the screen reader; what they bring into view is related to the focus order, not a test of it."
      - id: gesture-reading-order
        tests: [gestures]
        expectation: [logical order, reading order, in order, then to, makes sense, same order, in the order, order it appears, visual order, order that matches]
        unless: [cell, cells]
        wcag: [1.3.2]
        related: [2.4.3]
        reason: "Understanding 1.3.2 Meaningful Sequence: the order a screen reader reads content in is its programmatic sequence, which must keep its meaning."
      - id: gesture-activation
        tests: [gestures]
        check: [doubletap, double tap, doubletap and hold, double tap and hold, volume, swipe up, swipe down, up down, custom actions]
        wcag: [4.1.2]
        related: [2.1.1]
        reason: "Understanding 4.1.2 Name, Role, Value: a screen reader activates or adjusts a control through the platform's accessibility interface, which works only when its role and actions are exposed; an assistive technology gesture is not keyboard input (2.1.1), so 2.1.1 is only related."
      - id: gesture-name-role-state
        tests: [gestures]
        expectation: [name, role, state, value, expresses, announces, announced]
        unless: [dynamically, without moving focus]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: what the screen reader expresses on reaching a control is its programmatic name, role and state."
      - id: gesture-dismiss
        tests: [gestures]
        check: [close button, z gesture, scrub, swipe to the left, closes]
        wcag: [4.1.2]
        related: [2.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: the screen reader's dismiss gesture or a close control works through the exposed escape action; leaving a component (2.1.2) is related."
      - id: rotor-headings
        tests: [gestures, screenReader]
        check: [rotor, talkback menu]
        expectation: [heading, headings, landmark, landmarks]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: rotor and TalkBack menu navigation by headings and landmarks works only when they are programmatic."
      - id: rotor-controls
        tests: [gestures, screenReader]
        check: [rotor, talkback menu]
        expectation: [link, links, control, controls, button, buttons, form controls]
        wcag: [4.1.2]
        related: [1.3.1]
        reason: "Understanding 4.1.2 Name, Role, Value: the rotor lists links and controls by the role and name they expose."
      - id: at-focus-indicator
        tests: [gestures, screenReader]
        check: [visible focus, focus indicator, visible focus indicator]
        related: [2.4.7]
        reason: "Understanding 2.4.7 Focus Visible is about the keyboard focus indicator; the screen reader draws its own cursor, so this is related."
      - id: gesture-grouping
        tests: [gestures]
        check: [group]
        expectation: [group, groups, grouped, grouping, associated, associate, association, together, label, labels, labelled, list, lists, item, items, contains, contain, discoverable, landmark, header, headers, single swipe, one swipe, related, set, belongs, part of, container, single element, one element, combined, read as one, how many, number of, 1 of, position in]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: related elements read as one group only when their relationship is programmatically determined."
      # Name, role, group, state
      - id: accessible-name
        tests: [screenReader]
        check: [name, label, purpose, link text, accessible name]
        unless: [dynamically, without moving focus]
        unless_kind: [structure, landmark, document, live]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: every user interface component has a name assistive technology can determine. Document structure (images, headings, lists, tables, figures, tooltips, text), landmarks, the page and live regions are not user interface components: their criteria are 1.1.1, 1.3.1, 2.4.6, 2.4.2 and 4.1.3."
      - id: name-of-controls-within
        tests: [screenReader]
        check: [name, label, purpose, state, states, value]
        expectation: [control, controls, cta, call to action, button, buttons, interactive, link names, programmatic name]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: a check of the names or states of the controls a component holds tests them as user interface components, whatever the component is."
      - id: link-purpose
        tests: [screenReader]
        check: [name, label, purpose, link text]
        kind: [link]
        wcag: [2.4.4]
        reason: "Understanding 2.4.4 Link Purpose (In Context): the purpose of each link can be determined from its text (with its context)."
      - id: link-purpose-named
        tests: [screenReader]
        check: [name, label, purpose, link text]
        expectation: [link, links, link names, destination]
        wcag: [2.4.4, 4.1.2]
        reason: "Understanding 2.4.4 Link Purpose (In Context) and 4.1.2 Name, Role, Value: a link's name says where it goes."
      - id: label-in-name
        check: [name, label]
        expectation: [visible label, visible text, matches the visible, matches visible, should match]
        wcag: [2.5.3]
        reason: "Understanding 2.5.3 Label in Name: where a component has a visible text label, its accessible name contains that text, so speech users can say what they see."
      - id: labels-instructions
        tests: [screenReader]
        check: [instructions, hint, hints, placeholder, required]
        wcag: [3.3.2]
        reason: "Understanding 3.3.2 Labels or Instructions: inputs that need user input have labels or instructions."
      - id: role
        tests: [screenReader]
        check: [role, type, trait, traits]
        unless: [landmark, region, is ignored, not announced]
        unless_kind: [structure, landmark, document, live]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: the role of every user interface component can be programmatically determined."
      - id: role-of-controls-within
        tests: [screenReader]
        check: [role]
        expectation: [button, buttons, link, links, checkbox, switch, slider, adjustable, text field, edit box, menu item]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: a check that controls identify as buttons, links or switches tests their roles, whatever holds them."
      - id: state-value
        tests: [screenReader]
        check: [state, states, value, selected, checked, expanded, collapsed, disabled]
        expectation: [state, states, expresses, express, announces, announced, selected, checked, unchecked, expanded, collapsed, value, values, disabled, dimmed, unavailable, pressed, required, on, off, invalid, current, read, toggled, sorted, busy, progress]
        unless_kind: [image, heading, text, figure, list, live]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: states, properties and values that users can set are programmatically determinable, and changes are notified to assistive technology."
      - id: has-popup
        tests: [screenReader, gestures]
        expectation: [has popup, has a popup, haspopup, pop up, popup, opens a menu, has a submenu, submenu, menu button]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: that a control opens a popup is a property (aria-haspopup) assistive technology must be able to determine."
      - id: programmatic-name
        expectation: [programmatic name, accessible name]
        wcag: [4.1.2]
        reason: "Understanding 4.1.2 Name, Role, Value: a check that a control gets its programmatic name tests its name."
      - id: group
        tests: [screenReader]
        check: [group, grouping, groupings, list, items]
        expectation: [group, groups, grouped, grouping, associated, associate, association, together, label, labels, labelled, list, lists, item, items, contains, contain, discoverable, landmark, header, headers, single swipe, one swipe, related, set, belongs, part of, container, single element, one element, combined, read as one, how many, number of, 1 of, position in]
        unless: [logical order, in order, as they appear, when they appear, as it appears, when it appears]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a group's relationship (a label with its control, a list, a set of options) is conveyed programmatically, not only visually; a Group check tests it when it speaks of that relationship, not when it says where focus goes or what plays."
      - id: structure
        check: [heading, headings, text heading, column header, row header, table, strike through, strike though, strikethrough]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: headings, table headers and meaningful text styles are programmatically determinable, not only presented."
      - id: structure-roles
        tests: [screenReader]
        check: [role, name, group, label]
        expectation: [landmark, landmarks, region]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: landmarks and regions convey the page's structure programmatically."
      - id: structural-component
        tests: [screenReader]
        check: [name, role, group, label, caption]
        kind: [landmark, table, list]
        unless: [interactive, link, links]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a heading's level, a landmark, a table and a figure are structure that must be programmatically determined; their name and role checks test that, not 4.1.2."
      - id: figure-structure
        tests: [screenReader]
        check: [role, group, caption]
        kind: [figure]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a figure's role and the caption it is grouped with are structure that must be programmatically determined."
      - id: figure-alternative
        tests: [screenReader, gestures]
        check: [name, label, alt, alt text, description, summary, long description]
        kind: [figure]
        unless: [control, controls, cta, button, interactive]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: a chart, diagram or other complex graphic has a text alternative (a short name and a longer description) that serves its purpose."
      - id: live-region
        tests: [screenReader, gestures]
        check: [name, role, state, group, label, announcement]
        kind: [live]
        unless: [not announced, interactive, control, controls, button, buttons, cta, link, links]
        wcag: [4.1.3]
        reason: "Understanding 4.1.3 Status Messages: an alert, status, toast or loading message is announced by assistive technology without receiving focus, through its role or live region; what it says and that it is heard are the status message."
      - id: description-associated
        tests: [screenReader, gestures]
        check: [name, group, label, description, hint, hints]
        kind: [description]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a hint, help text, tooltip or error message belongs to its control only when the relationship is programmatic (aria-describedby, the platform's hint), so it is read with the control."
      - id: description-named
        tests: [keyboard, screenReader, gestures]
        expectation: [read after the label, read after the name, read after its name, read after the button, read after the input, hints or errors, hint is read, hint or error is read, error is read, help text is read, tooltip is read, tooltip text is read, tooltip is announced, description is read, as its description, as a description, described by, describedby, associated with the input, associated with the field, read with the input, read with the field, read with the item, read with its item, read with its parent]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: hints, help and errors read with their input are programmatically associated with it."
      - id: heading-named
        tests: [screenReader, gestures]
        expectation: [identifies as a heading, identifies itself as a heading, as a heading with, is a heading, heading level, heading levels]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a heading is announced as a heading, with its level, only when it is marked up as one."
      - id: figure-alternative-read
        tests: [keyboard, gestures, screenReader]
        kind: [figure]
        expectation: [summary, alternative, alt text, description, described, label is read]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: a chart's or diagram's summary read by the screen reader is its text alternative."
      - id: heading-level
        tests: [screenReader]
        check: [role, level, heading level, group]
        kind: [heading]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: a heading's role and level are structure that must be programmatically determined."
      - id: heading-descriptive
        tests: [screenReader]
        check: [name, label]
        kind: [heading]
        wcag: [2.4.6]
        reason: "Understanding 2.4.6 Headings and Labels: headings describe the topic or purpose of the content they introduce."
      - id: table-cells
        tests: [keyboard, gestures, screenReader]
        expectation: [cell, cells, column header, row header, column headers, row headers]
        wcag: [1.3.1]
        reason: "Understanding 1.3.1 Info and Relationships: cells read one by one with their headers work only when the table is marked up as a table."
      - id: current-item
        tests: [screenReader, gestures]
        expectation: [current page, current step, current item, current location, aria current, current date, current tab]
        wcag: [1.3.1]
        related: [4.1.2]
        reason: "Understanding 1.3.1 Info and Relationships: which page, step or item is the current one, shown visually, is information that must be programmatically determined (aria-current); it is not a state the user sets, so 4.1.2 is related."
      - id: landmark-reached
        tests: [gestures, screenReader]
        kind: [landmark]
        expectation: [discoverable, shortcuts, landmark, landmarks, rotor]
        wcag: [1.3.1]
        related: [2.4.1]
        reason: "Understanding 1.3.1 Info and Relationships: a screen reader moves directly to a landmark only when the region is programmatically a landmark; landmarks also help bypass blocks (2.4.1, related)."
      - id: reading-order
        tests: [screenReader]
        expectation: [logical order, reading order, makes sense, read in order, same order, order it appears, visual order]
        unless: [focus, cell, cells]
        wcag: [1.3.2]
        related: [2.4.3]
        reason: "Understanding 1.3.2 Meaningful Sequence: content read in a logical order has a programmatic sequence that keeps its meaning."
      - id: swipe-order-named
        expectation: [swipe order]
        related: [2.4.3]
        reason: "Understanding 2.4.3 Focus Order: being in the screen reader's swipe order is related to the focus order."
      # Images and other non-text content
      - id: non-text-content
        check: [graphic, graphics, image, images, icon, icons, decorative]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: images and icons that convey information have a text alternative; decorative ones are hidden from assistive technology."
      - id: image-name-role
        tests: [screenReader]
        check: [name, role, label, alt, alt text]
        kind: [image]
        unless: [control, controls, cta, button, interactive]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: an image's name and role are its text alternative (or, decorative, its absence); images are not user interface components (4.1.2)."
      - id: text-alternative-named
        tests: [keyboard, gestures, screenReader]
        expectation: [graphic, graphics, meaningful image, meaningful images, alt text, alternative text, text alternative]
        unless: [error, text in images, decorative]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: an expectation that graphics are announced by their meaning tests their text alternatives."
      - id: decorative-hidden
        expectation: [decorative, ignores the image, image is ignored, image is not announced, image is not annoucned]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: decorative images are implemented so assistive technology ignores them."
      - id: decorative-image-ignored
        expectation: [is ignored, ignored completely, ignores]
        kind: [image]
        wcag: [1.1.1]
        reason: "Understanding 1.1.1 Non-text Content: an image component that assistive technology ignores is decorative, and is tested as such; other ignored content is not an image."
      # Errors, status, timing
      - id: error-identification
        check: [error, errors, error message, validation]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: an input error is identified and described to the user in text."
      - id: error-message-reached
        expectation: [error message, error text, error is announced]
        unless: [not usually focusable, not receive focus, will not receive focus, not focusable]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: a check that reaches or hears the error message tests that the error is described to the user in text."
      - id: error-invalid
        tests: [screenReader, gestures]
        expectation: [invalid, is in error, has an error, has errors]
        wcag: [3.3.1]
        related: [4.1.2]
        reason: "Understanding 3.3.1 Error Identification: the item that is in error is identified (aria-invalid exposes it) and the error described in text."
      - id: error-described
        tests: [screenReader, gestures]
        kind: [description]
        expectation: [error, errors]
        unless: [not usually focusable, not receive focus, will not receive focus, not focusable]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: an error message that names the item in error and describes the error in text is what the criterion asks."
      - id: error-summary
        expectation: [error summary, errors are listed, list of errors, errors at the top]
        wcag: [3.3.1]
        reason: "Understanding 3.3.1 Error Identification: a summary listing the errors identifies each item in error and describes it in text."
      - id: error-suggestion
        expectation: [how to fix, how to correct, suggests a correction, suggested correction, suggests how, suggestion to fix, suggestion for fixing, correct format, expected format]
        wcag: [3.3.3]
        reason: "Understanding 3.3.3 Error Suggestion: when an error is detected and a correction is known, it is suggested to the user."
      - id: status-messages
        expectation: [dynamically announced, announced dynamically, without moving focus, without receiving focus, live region, announced automatically, announced when it appears, read when it appears, announced when they appear, announced as it appears, announced as they appear, changes are announced, announced as it progresses, announced as they change]
        unless: [dismissed, dismisses, dismiss, closes, closed, hidden, disappears]
        wcag: [4.1.3]
        reason: "Understanding 4.1.3 Status Messages: a change announced without moving focus (a result, an alert, loading) is a status message assistive technology must present."
      - id: timing-adjustable
        expectation: [until dismissed, until the user dismisses, until it is dismissed, does not disappear, does not time out, time limit, timeout, times out, extend the time, more time, extends the session, extend the session, session timeout]
        wcag: [2.2.1]
        reason: "Understanding 2.2.1 Timing Adjustable: content that would go away on a timer stays until the user dismisses it, or the time can be turned off, adjusted or extended."
      - id: timing-check
        check: [timeout, time limit, session timeout]
        wcag: [2.2.1]
        reason: "Understanding 2.2.1 Timing Adjustable: users can turn off, adjust or extend time limits."
      - id: pause-stop-hide
        check: [auto advance, auto rotate, carousel rotation, pause, auto update, auto updating]
        wcag: [2.2.2]
        reason: "Understanding 2.2.2 Pause, Stop, Hide: moving, blinking, scrolling or auto-updating content can be paused, stopped or hidden."
      - id: pause-named
        expectation: [can be paused, stops moving, auto rotation, auto rotate, rotates automatically, advances automatically, pauses the rotation, pause the rotation, stops the rotation, stops rotating, rotation stops, rotation pauses]
        wcag: [2.2.2]
        reason: "Understanding 2.2.2 Pause, Stop, Hide: moving, blinking, scrolling or auto-updating content can be paused, stopped or hidden."
      - id: autoplay
        check: [autoplay, auto play]
        wcag: [1.4.2, 2.2.2]
        reason: "Understanding 1.4.2 Audio Control and 2.2.2 Pause, Stop, Hide: media that starts by itself can be paused or stopped, and its sound controlled apart from the system volume."
      - id: autoplay-named
        expectation: [autoplay, autoplays, auto play, plays automatically, starts automatically, does not play automatically]
        wcag: [1.4.2, 2.2.2]
        reason: "Understanding 1.4.2 Audio Control and 2.2.2 Pause, Stop, Hide: media that starts by itself can be paused or stopped, and its sound controlled apart from the system volume."
      # Media
      - id: captions
        expectation: [captions, captioned, closed captions, subtitles]
        wcag: [1.2.2]
        reason: "Understanding 1.2.2 Captions (Prerecorded): synchronized media has captions for its audio."
      - id: audio-description
        expectation: [audio description, audio descriptions, described video, extended description]
        wcag: [1.2.5]
        reason: "Understanding 1.2.5 Audio Description (Prerecorded): the visual information of a video is described in its audio."
      - id: transcript
        expectation: [transcript, transcripts, text alternative for the audio]
        wcag: [1.2.1]
        reason: "Understanding 1.2.1 Audio-only and Video-only (Prerecorded): audio-only content has a transcript."
      # Pages
      - id: page-titled
        tests: [screenReader]
        check: [name, page title, title, document title]
        kind: [page]
        unless: [language, lang]
        wcag: [2.4.2]
        reason: "Understanding 2.4.2 Page Titled: a web page has a title that describes its topic or purpose, shown in the browser tab and read first."
      - id: page-titled-named
        expectation: [page title, title of the page, browser tab, document title, tab title, window title]
        unless: [page titles]
        wcag: [2.4.2]
        reason: "Understanding 2.4.2 Page Titled: a web page has a title that describes its topic or purpose, shown in the browser tab and read first."
      - id: language-of-page
        check: [language, lang]
        unless: [part, parts, passage, phrase]
        wcag: [3.1.1]
        reason: "Understanding 3.1.1 Language of Page: the human language of the page is programmatically determined, so screen readers pronounce it."
      - id: language-of-page-named
        expectation: [language is set, page s language, language of the page, page language, in the page s language]
        unless: [part, parts, passage, passages, phrase]
        wcag: [3.1.1]
        reason: "Understanding 3.1.1 Language of Page: the default human language of the page is programmatically determined, so the screen reader reads it in that language."
      - id: language-of-parts
        expectation: [language of parts, another language, different language, foreign language]
        wcag: [3.1.2]
        reason: "Understanding 3.1.2 Language of Parts: the language of each passage or phrase that differs from the page's is programmatically determined."
      # Settings and presentation
      - id: resize-text
        check: [text resize, resize, text size, dynamic type, font size, larger text, zoom, browser zoom, pinch, pinch zoom]
        unless: [exempt, 400]
        wcag: [1.4.4]
        reason: "Understanding 1.4.4 Resize Text: text can be resized up to 200 percent without loss of content or functionality (for native apps, through the platform's text size setting); a pinch or browser zoom that is not disabled is part of it."
      - id: resize-named
        expectation: [at 200, 200 zoom, 200 percent, zoomed to 200, resized to 200, text is resized, text resizes]
        unless: [exempt, 400, 320]
        wcag: [1.4.4]
        reason: "Understanding 1.4.4 Resize Text: text can be resized up to 200 percent without loss of content or functionality; an expectation at 200 percent tests it."
      - id: reflow
        expectation: [reflow, reflows, scroll in two dimensions, two dimensions, horizontal scrolling, scroll horizontally, 320, 400]
        wcag: [1.4.10]
        reason: "Understanding 1.4.10 Reflow: content reflows at a 320 CSS pixel width (400 percent zoom) without scrolling in two dimensions."
      - id: text-spacing
        check: [text spacing, line height, letter spacing, word spacing]
        wcag: [1.4.12]
        reason: "Understanding 1.4.12 Text Spacing: no content or function is lost when line, paragraph, letter and word spacing are increased."
      - id: tooltip-dismiss
        check: [escape, esc, hover, mouse over, mouseover]
        expectation: [tooltip, tool tip, tooltips, popover]
        wcag: [1.4.13]
        reason: "Understanding 1.4.13 Content on Hover or Focus: content that appears on hover or focus (a tooltip) can be dismissed without moving the pointer or focus, usually with Escape, and hovered and persists."
      - id: content-on-hover
        expectation: [dismissible, hoverable, on hover or focus, hover or focus]
        wcag: [1.4.13]
        reason: "Understanding 1.4.13 Content on Hover or Focus: content that appears on hover or focus can be dismissed, hovered and stays until dismissed."
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
        check: [drag, dragging, multipoint, path]
        unless: [pinch, zoom]
        wcag: [2.5.1, 2.5.7]
        reason: "Understanding 2.5.1 Pointer Gestures and 2.5.7 Dragging Movements: functions that use paths, multiple points or dragging also work with a single pointer without dragging. Pinch to zoom is the platform's, and tests 1.4.4."
      - id: focus-not-obscured
        expectation: [obscured, not covered, covered by, hidden behind]
        wcag: [2.4.11]
        reason: "Understanding 2.4.11 Focus Not Obscured (Minimum): a focused component is not entirely hidden by author-created content such as a sticky header."
      - id: input-purpose
        check: [autocomplete, autofill]
        wcag: [1.3.5]
        reason: "Understanding 1.3.5 Identify Input Purpose: fields that collect information about the user expose their purpose, so browsers can fill them in."
      - id: on-focus-on-input
        expectation: [context change, changes context, without warning, unexpected]
        wcag: [3.2.1, 3.2.2]
        reason: "Understanding 3.2.1 On Focus and 3.2.2 On Input: receiving focus or changing a setting does not change context unexpectedly."
    """
}
