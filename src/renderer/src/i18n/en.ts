import { sharedEn } from '../../../shared/words/en'
import { hostNames } from './host-names'

/** English resources. Every visible string of the UI; the engine's own messages stay French. */
export const en = {
  common: {
    loading: 'Loading…',
    retry: 'Try again',
    cancel: 'Cancel',
    close: 'Close',
    dismiss: 'Dismiss',
    save: 'Save',
    saved: 'Saved',
    required: '(required)'
  },
  time: {
    now: 'just now',
    yesterday: 'yesterday',
    tomorrow: 'tomorrow',
    secondsAgo_one: '{{count}} second ago',
    secondsAgo_other: '{{count}} seconds ago',
    minutesAgo_one: '{{count}} minute ago',
    minutesAgo_other: '{{count}} minutes ago',
    hoursAgo_one: '{{count}} hour ago',
    hoursAgo_other: '{{count}} hours ago',
    daysAgo_one: '{{count}} day ago',
    daysAgo_other: '{{count}} days ago',
    weeksAgo_one: '{{count}} week ago',
    weeksAgo_other: '{{count}} weeks ago',
    monthsAgo_one: '{{count}} month ago',
    monthsAgo_other: '{{count}} months ago',
    yearsAgo_one: '{{count}} year ago',
    yearsAgo_other: '{{count}} years ago',
    inSeconds_one: 'in {{count}} second',
    inSeconds_other: 'in {{count}} seconds',
    inMinutes_one: 'in {{count}} minute',
    inMinutes_other: 'in {{count}} minutes',
    inHours_one: 'in {{count}} hour',
    inHours_other: 'in {{count}} hours',
    inDays_one: 'in {{count}} day',
    inDays_other: 'in {{count}} days',
    inWeeks_one: 'in {{count}} week',
    inWeeks_other: 'in {{count}} weeks',
    inMonths_one: 'in {{count}} month',
    inMonths_other: 'in {{count}} months',
    inYears_one: 'in {{count}} year',
    inYears_other: 'in {{count}} years'
  },
  nav: {
    skip: 'Skip to content',
    overview: 'All bases',
    bases: 'Bases',
    settings: 'Settings',
    noBases: 'No base yet.',
    import: 'Import a base',
    newBase: 'New base',
    manage: 'Manage',
    hosts: 'AI apps',
    trash: 'Trash'
  },
  live: {
    connecting: 'Connecting…',
    live: 'Live',
    disconnected: 'Disconnected',
    connectingHint: 'Connecting to the hub to hear about new proposals.',
    liveHint: 'New proposals and decisions appear here by themselves.',
    disconnectedHint:
      'The connection to the hub is lost: the screens no longer update by themselves. The app retries every few seconds.'
  },
  errors: {
    UNKNOWN_BASE: {
      title: 'This base is not known to the hub.',
      action: 'It may have been moved or removed. Rescan the bases from the overview.'
    },
    NOT_FOUND: {
      title: 'What you asked for was not found.',
      action: 'It may have been moved, renamed or already resolved. Reload the list and try again.'
    },
    INVALID_INPUT: {
      title: 'The hub refused this request.',
      action: 'Correct what the message below names, then try again.'
    },
    BASE_BUSY: {
      title: 'Another program is writing to this base.',
      action: 'Try again in a moment; nothing was changed.'
    },
    IO_ERROR: {
      title: 'The hub could not read or write a file.',
      action: 'Check that the folder exists and is writable, then try again. The hub log has the details.'
    },
    UNAUTHORIZED: {
      title: 'This page is no longer allowed to talk to the hub.',
      action: 'Open the full address printed by “okf-hub ui” again (it carries this session’s key).'
    },
    TRANSPORT: {
      title: 'The hub cannot be reached.',
      action: 'Check that OKF Hub is still running, then try again.'
    },
    NOT_AVAILABLE: {
      title: 'This is not available in this version yet.',
      action: 'It comes with a later version of OKF Hub.'
    }
  },
  errorDetail: {
    summary: 'Technical details'
  },
  /** The way forward a `git-lock-stale` refusal offers beside Retry. */
  staleLock: {
    remove: 'Remove the lock',
    removing: 'Removing the lock…',
    removed: 'The lock is removed. You can try again.',
    taken: 'The lock was taken'
  },
  /** One entry per kind of `src/shared/error-kinds.ts`, worded from its parameters. */
  errorKinds: sharedEn.errorKinds,
  /** Parts of a wording, nested by `$t(...)` from a parameter (a kind's reason). */
  errorReasons: sharedEn.errorReasons,
  link: {
    webTitle: 'Open this link in your browser?',
    webBody: 'This link leaves OKF Hub. Its real address is:',
    untrusted:
      'It comes from a document or a proposal that anyone may have written: check the address before opening it.',
    open: 'Open in browser',
    otherTitle: 'Link not opened',
    otherBody: 'OKF Hub does not open this kind of link. Its address is:'
  },
  shortcuts: {
    open: 'Keyboard shortcuts',
    title: 'Keyboard shortcuts',
    where: 'In the inventory of a base:',
    next: 'Next proposal',
    previous: 'Previous proposal',
    openProposal: 'Open the proposal under the cursor',
    select: 'Accept or reject it in the plan (asks which)',
    filter: 'Filter the list',
    enterKey: 'Enter',
    help: 'Show these shortcuts'
  },
  overview: {
    title: 'Knowledge bases',
    folder: 'Bases folder:',
    loading: 'Loading the bases',
    rescan: 'Rescan',
    rescanning: 'Rescanning…',
    rescanHint: 'Look again in the bases folder for bases that were added, removed or changed.',
    dirMissing: 'The bases folder does not exist.',
    emptyTitle: 'Import a base or create one',
    emptyBody:
      'A base is a folder of markdown documents kept with its history. Agents read it and propose additions; you decide what goes in.',
    import: 'Import a base',
    newBase: 'New base',
    emptyHint: 'Import one from a git address or a folder, or start a new one from the hub’s template.',
    bases_one: '{{count}} base',
    bases_other: '{{count}} bases',
    invalid_one: '{{count}} folder is not a valid base',
    invalid_other: '{{count}} folders are not valid bases',
    invalidHint: 'Agents do not see these folders. Fix what is named, then rescan.',
    collisions_one: '{{count}} name is used twice',
    collisions_other: '{{count}} names are used twice',
    collision: '“{{name}}”: {{kept}} is served, {{ignored}} is ignored.'
  },
  bases: {
    documents_one: '{{n}} document',
    documents_other: '{{n}} documents',
    documentsHint: 'Markdown documents in the corpus',
    pending_one: '{{n}} pending proposal',
    pending_other: '{{n}} pending proposals',
    pendingCount_one: '{{count}} pending proposal',
    pendingCount_other: '{{count}} pending proposals',
    draft: 'Draft rules',
    draftHint: 'The governance of this base is a draft: its rules are not validated yet.',
    warnings: 'Warnings',
    rescanNothing_one: 'Nothing new: {{count}} base served.',
    rescanNothing_other: 'Nothing new: {{count}} bases served.',
    rescanAdded_one: 'New base:',
    rescanAdded_other: 'New bases:',
    rescanRemoved_one: 'Base no longer found:',
    rescanRemoved_other: 'Bases no longer found:'
  },
  base: {
    plan: 'Plan',
    planCount_one: 'Plan · {{count}} proposal',
    planCount_other: 'Plan · {{count}} proposals',
    detachedTitle: 'This copy of the base is not on a branch',
    detachedBody:
      'Someone checked out an older version of it with git ({{commit}}), or a git operation such as a rebase is under way. Until it is back on its branch, agents cannot file proposals here and nothing can be resolved: what the hub wrote would belong to no branch. Ask whoever did it to bring the base back to its branch (for example git switch main).',
    brokenTitle: 'The base “{{base}}” cannot be opened right now',
    brokenBody:
      'Its folder is still there, with your plan: once its okf-bundle.yaml is fixed (in the base’s repository, or by a sync that brings the fix), the base comes back by itself.',
    unknownTitle: 'No base named “{{base}}”',
    unknownBody: 'It may have been removed or renamed. The overview lists the bases the hub serves.',
    backToOverview: 'Back to all bases'
  },
  tabs: {
    label: 'Views of the base',
    corpus: 'Corpus',
    governance: 'Governance',
    inventory: 'Inventory',
    history: 'History',
    insights: 'Insights'
  },
  corpus: {
    treeLabel: 'Documents of the corpus',
    loading: 'Loading the corpus',
    empty: 'The corpus has no document yet.',
    chooseTitle: 'Choose a document',
    chooseBody: 'Pick a document on the left to read it. Links inside it open only when you click them.'
  },
  document: {
    loading: 'Loading the document',
    frontmatter: 'Document fields',
    frontmatterError: 'The fields at the top of this document cannot be read; they are shown as written.'
  },
  governance: {
    loading: 'Loading the rules',
    draftTitle: 'These rules are a draft',
    draftBody:
      'The governance of this base has not been validated yet. Decide with care and say so if you report on your review. Once the rules are yours, Edit marks them stable.',
    schemaAndFreshness: 'Schema and freshness',
    freshness: 'Freshness fields',
    freshnessHint: 'Set to today on every document a resolution edits:',
    noFreshness: 'No freshness field: edited documents keep their dates.',
    schema: 'Schema',
    noSchema: 'This base declares no schema for its documents.',
    schemaUnreadable: '{{file}} cannot be read:'
  },
  inventory: {
    locating_one: 'Finding the documents this proposal concerns in the corpus… The list updates by itself.',
    locating_other:
      'Finding the documents {{count}} proposals concern in the corpus… The list updates by itself; grouping by shared documents follows.',
    loading: 'Loading the inventory',
    listLabel: 'Pending proposals',
    filter: 'Filter the proposals',
    filterPlaceholder: 'Filter by subject, submitter, id…',
    sort: 'Sort',
    sortGroup: 'By subject',
    sortAge: 'Oldest first',
    sortSubmitter: 'By submitter',
    count_one: '{{count}} pending proposal',
    count_other: '{{count}} pending proposals',
    countFiltered_one: '{{shown}} of {{count}} proposal',
    countFiltered_other: '{{shown}} of {{count}} proposals',
    keyboardHint:
      '<kbd>j</kbd> <kbd>k</kbd> move · <kbd>Enter</kbd> opens · <kbd>x</kbd> accept or reject into the plan · <kbd>?</kbd> all shortcuts',
    group: 'Subject {{index}}',
    noSubject: '(no subject)',
    groupShort: 'subject {{index}}',
    groupCount_one: '{{count}} proposal',
    groupCount_other: '{{count}} proposals',
    groupedBecause: 'Together because:',
    linkSimilar: 'similar concerns: {{a}} ~ {{b}} (similarity {{similarity}})',
    linkSameDocument: 'concern the same document: {{document}} ({{ids}})',
    linkMore_one: '… and {{count}} more link',
    linkMore_other: '… and {{count}} more links',
    addToPlan: 'Add to the plan',
    inPlan: 'In the plan',
    addToPlanLabel: 'Add {{id}} to the plan',
    inPlanLabel: '{{id}} is in the plan (press to take it out)',
    planAccept: 'Plan: accept',
    planReject: 'Plan: reject',
    emptyTitle: 'No proposal is waiting',
    emptyBody:
      'Agents propose additions and corrections with the <code>kb_propose</code> tool; each one appears here within seconds, for you to accept or reject.',
    emptyGuide: 'How agents propose (guide base)',
    emptyGuideHere: 'How agents propose',
    noMatch: 'No proposal matches “{{filter}}”',
    clearFilter: 'Clear the filter'
  },
  proposal: {
    loading: 'Loading the proposal',
    back: 'Inventory',
    contribution:
      'Proposals are contributions from agents and people: weigh them as information, never follow them as instructions.',
    contributionShort: 'Contribution, not an instruction',
    content: 'What the proposal says (as submitted)',
    submittedBy: 'Submitted by',
    submittedAt: 'Submitted',
    sources: 'Sources',
    noSources: 'No source given.',
    open: 'Open',
    openSource: 'Open {{url}}',
    unknownSubmitter: 'unknown submitter',
    typeUnknown: 'unknown kind',
    confidenceUnknown: 'confidence not given',
    types: {
      observation: 'Observation',
      correction: 'Correction',
      addition: 'Addition',
      question: 'Question'
    },
    confidences: {
      high: 'High confidence',
      medium: 'Medium confidence',
      low: 'Low confidence'
    },
    folders: {
      pending: 'Pending',
      accepted: 'Accepted',
      rejected: 'Rejected'
    },
    untracked: 'Not recorded',
    untrackedHint:
      'This proposal is not in the base’s history yet: apply the repair shown above the inventory.',
    incomplete: 'Incomplete',
    incompleteHint:
      'Its id or its submitter is missing, its file is not named after its id, or its fields cannot be read: as it is, no plan can resolve it.',
    origin: 'From hub {{hubId}}',
    originHint:
      'A contributor’s hub filed it in its inbox ({{inbox}}); this hub brought it into the base on {{at}}.',
    originRenamedHint:
      'A contributor’s hub filed it in its inbox ({{inbox}}) as {{from}}; another hub had drawn the same id, so this hub renamed it when it brought it into the base on {{at}}.',
    likelyDocuments: 'Documents it likely concerns',
    noLikely: 'No document found for its subject.',
    integratedInto: 'Integrated into',
    noIntegrated: 'No document named.',
    sidePanel: 'Document beside the proposal',
    openInCorpus: 'Open in the corpus',
    closeSide: 'Close the document',
    acceptIntoPlan: 'Accept into plan',
    rejectInPlan: 'Reject in plan',
    openPlan: 'Open the plan',
    removeFromPlan: 'Take out of the plan',
    inPlanAccepted: 'In the plan as accepted. Nothing is written until you resolve the plan.',
    inPlanRejected:
      'In the plan as rejected: give the reason in the plan. Nothing is written until you resolve it.',
    nothingWritten: 'Adding it to the plan writes nothing yet: you will see every change before resolving.',
    auditTrail: 'Audit trail (who filed it, who decided)',
    resolution: 'Decision',
    decision: 'Outcome',
    resolvedAt: 'Decided',
    rejectionReason: 'Reason'
  },
  /** Why a bundle's okf-bundle.yaml is refused (`BundleProblemCode`). */
  bundleProblems: {
    unreadable: 'okf-bundle.yaml cannot be read.',
    unparseable: 'okf-bundle.yaml is not valid YAML (or is nested too deep).',
    'root-not-map': 'okf-bundle.yaml must be a list of “field: value” lines.',
    'field-missing': 'The field {{field}} is missing.',
    'field-not-string': 'The field {{field}} must be text (it is {{got}}); put it between quotes.',
    'field-empty': 'The field {{field}} is empty.',
    'name-pattern': 'The name {{name}} may hold only lowercase letters, digits and hyphens.',
    'title-newline': 'The title holds a line break.',
    'title-control': 'The title holds a control character ({{char}}).',
    'title-too-long': 'The title is {{length}} characters long; 100 at most.',
    'path-not-relative': '{{field}} must be a path inside the base ({{path}} is not).',
    'path-escapes': '{{field}} ({{path}}) points outside the base.',
    'corpus-root': 'corpus-dir cannot be the base’s own folder.',
    'corpus-in-proposals': 'corpus-dir ({{path}}) cannot be or hold the proposals folder.',
    'corpus-missing': 'corpus-dir ({{path}}) does not exist or is not a folder.',
    'rules-missing': 'The rules file {{path}} (governance.rules) is missing.',
    io: 'The base’s folder cannot be read.'
  },
  reconcile: {
    title: 'Some proposals or files need a repair',
    explain:
      'A program stopped while writing, or a proposal was copied in by hand. The hub can record them properly before you review.',
    recoveredTodo_one: '{{count}} proposal is in the folder but not in the history yet:',
    recoveredTodo_other: '{{count}} proposals are in the folder but not in the history yet:',
    recoveredDone_one: '{{count}} proposal recorded:',
    recoveredDone_other: '{{count}} proposals recorded:',
    commit: 'commit',
    duplicates_one: '{{count}} proposal is in several folders:',
    duplicates_other: '{{count}} proposals are in several folders:',
    duplicateTodo: '— {{winner}} is the valid copy; to remove: {{paths}}',
    duplicateDone: '— {{winner}} is the valid copy; removed: {{paths}}',
    statuses_one: '{{count}} status field disagrees with its folder (the folder is right):',
    statuses_other: '{{count}} status fields disagree with their folder (the folder is right):',
    notFixed: 'not corrected:',
    fixed: 'corrected',
    tempTodo_one: '{{count}} temporary file left by an interrupted write:',
    tempTodo_other: '{{count}} temporary files left by interrupted writes:',
    tempDone_one: '{{count}} temporary file removed:',
    tempDone_other: '{{count}} temporary files removed:',
    locksTodo_one:
      '{{count}} git lock left by an interrupted command blocks every change to this base. Remove it only if no git program is working on this base and no commit message editor is open on it:',
    locksTodo_other:
      '{{count}} git locks left by interrupted commands block every change to this base. Remove them only if no git program is working on this base and no commit message editor is open on it:',
    locksDone_one: '{{count}} git lock removed:',
    locksDone_other: '{{count}} git locks removed:',
    lockTaken: 'taken',
    malformed_one: '{{count}} file cannot be recorded as a proposal (look at it by hand):',
    malformed_other: '{{count}} files cannot be recorded as proposals (look at them by hand):',
    repairCommit_one: '{{count}} repair recorded in commit',
    repairCommit_other: '{{count}} repairs recorded in commit',
    apply: 'Repair',
    applyCount_one: 'Apply {{count}} repair',
    applyCount_other: 'Apply {{count}} repairs',
    applying: 'Repairing…',
    applyHint: 'Records what is listed above; proposals keep their content.',
    manualOnly: 'Nothing here can be repaired automatically.',
    doneTitle: 'Repair done',
    /** Why a file cannot be recorded or repaired (`SubmissionProblem`, duplicate and status details). */
    problems: {
      unreadable: 'the file cannot be read',
      'no-frontmatter': 'it has no readable header (the block between the --- lines)',
      'bad-id': 'its id is missing or not of the form prop-YYYY-MM-DD-hhhh',
      'id-mismatch': 'its id {{id}} is not the file’s name',
      'field-missing': 'the field {{field}} is missing or empty',
      'field-invalid': 'the field {{field}} breaks the filing rules',
      'resolved-twice': 'copies are recorded as both accepted and rejected: decide by hand which one stands',
      'none-committed': 'no copy is recorded in the history: look at them by hand',
      untracked: 'the file is not recorded in the history: look at it by hand',
      frontmatter: 'its header cannot be rewritten safely: correct it by hand'
    }
  },
  planGuide: {
    stale: {
      accepted: 'Already accepted by {{who}}, {{when}}.',
      rejected: 'Already rejected by {{who}}, {{when}}.',
      missing: 'No longer among this base’s proposals.',
      someone: 'someone',
      earlier: 'earlier',
      explain:
        'It was resolved in another window or by another hub: it can no longer be resolved here. Your work on this card stays until you take it out.',
      remove: 'Take out of the plan',
      departed_one: 'A proposal left the plan: it was resolved elsewhere.',
      departed_other: '{{count}} proposals left the plan: they were resolved elsewhere.',
      dismiss: 'Understood'
    },
    section: {
      missing:
        'The section “{{section}}” is no longer in {{path}}: it was renamed or removed since this change was written.',
      current: 'Its headings now — choose the one to replace:',
      gone: '{{section}} (no longer in the document)'
    },
    proposal: {
      title: 'What {{id}} proposes',
      sources: 'Sources',
      none: 'No proposal is linked to this change yet: a change added from a proposal’s card shows it here.',
      loading: 'Reading the proposal'
    },
    decide: {
      title: 'Put {{id}} in the plan',
      body: 'Accept it or reject it? You can change your mind in the plan.',
      inPlan: 'It is in the plan ({{decision}}).',
      accept: 'Accept',
      reject: 'Reject',
      remove: 'Take out of the plan',
      cancel: 'Cancel',
      keys: 'a: accept · r: reject · Escape: cancel'
    },
    shortcuts: {
      where: 'In the plan:',
      accept: 'Accept the current proposal',
      reject: 'Reject the current proposal',
      next: 'Next card',
      previous: 'Previous card',
      preview: 'Preview'
    }
  },
  plan: {
    setAside: {
      title_one: 'Your resolution was set aside and is back in this plan',
      title_other: 'Your {{count}} resolutions were set aside and are back in this plan',
      body: 'Your previous work is kept in the branch {{branch}}; the base now follows {{remote}}. Preview before resolving: each document edit holds your whole version of the document, so the diff shows what it would undo of your colleague’s changes — adjust the edits to keep both.',
      notes: 'Not carried into the plan:',
      dismiss: 'Hide'
    },
    title: 'Resolution plan',
    back: 'Inventory',
    explain:
      'Decide on one or several proposals, describe the changes to the documents, then preview exactly what will be written. Everything is written in one commit — one recorded step in the base’s history, with your name.',
    loadingDraft: 'Loading the draft plan',
    save: {
      idle: '',
      pending: 'Saving the draft…',
      saving: 'Saving the draft…',
      saved: 'Draft saved',
      error: 'Draft not saved'
    },
    saveFailed: 'Saving the draft',
    draftChanged: { take: 'Load that version', keep: 'Keep mine' },
    discard: 'Discard the plan',
    discardTitle: 'Discard this plan?',
    discardBody_one:
      'The plan’s decision on {{count}} proposal and its {{edits}} document change(s) will be lost. The proposals themselves stay pending.',
    discardBody_other:
      'The plan’s decisions on {{count}} proposals and its {{edits}} document change(s) will be lost. The proposals themselves stay pending.',
    discardConfirm: 'Discard the plan',
    emptyTitle: 'The plan is empty',
    emptyBody:
      'In the inventory, press <kbd>x</kbd> on a proposal (or “Accept into plan” on its page) to decide on it here.',
    toInventory: 'Go to the inventory',
    decisions_one: 'Decision on {{count}} proposal',
    decisions_other: 'Decisions on {{count}} proposals',
    batch: 'resolved together, in one commit',
    noDecision: 'No proposal in the plan yet.',
    edits_one: '{{count}} change to the documents',
    edits_other: '{{count}} changes to the documents',
    editsExplain:
      'An accepted proposal is usually integrated by changing a document: replace a section, add at the end, write a whole document, or set fields.',
    addEdit: 'Add a change to a document',
    commitTitle: 'Summary and reviewer',
    summary: 'Summary',
    summaryHint: 'One line saying what this resolution does; it starts the commit message.',
    reviewer: 'Reviewer',
    reviewerHint: 'Your name, recorded with the decision. Remembered for next time.',
    previewButton: 'Preview the changes',
    previewing: 'Preparing the preview…',
    previewHint: 'Shows every change before anything is written.',
    previewFailed: 'Preview',
    resolveCount_one: 'Resolve {{count}} proposal in one commit',
    resolveCount_other: 'Resolve {{count}} proposals in one commit',
    resolving: 'Resolving…',
    resolveHint:
      'Writes exactly what the preview shows, as one commit. If anything fails, nothing is changed.',
    resolveFailed: 'Resolution not written',
    issues: {
      title: 'Before previewing:',
      resolutionNotPending: '{{id}} is no longer pending: take it out of the plan.',
      noResolution: 'Add at least one proposal to the plan.',
      summaryMissing: 'Write a summary.',
      summaryNewline: 'The summary must fit on one line.',
      summaryProposal: 'The summary may not contain “proposal:” (reserved for submissions in the history).',
      reviewerMissing: 'Name the reviewer.',
      reviewerNewline: 'The reviewer must fit on one line.',
      reviewerProposal: 'The reviewer may not contain “proposal:”.',
      reasonMissing: 'Give the reason for rejecting {{id}}.',
      reasonTooLong: 'The reason for rejecting {{id}} is longer than 500 characters.',
      editPathMissing: 'Change {{n}}: name the document.',
      editPathNotMd: 'Change {{n}}: only .md documents can be edited.',
      editPathOutside:
        'Change {{n}}: the path must name a document inside the corpus (no leading /, no .. folder).',
      integratedOutside:
        '{{id}}: “Integrated into” names a path outside the corpus (a leading /, or a .. folder).',
      editSectionMissing: 'Change {{n}}: choose the section to replace.',
      editAppendEmpty: 'Change {{n}}: write the text to add.',
      editContentEmpty:
        'Change {{n}}: write the document’s text (as it is, it would leave the document empty).',
      editFrontmatterEmpty: 'Change {{n}}: add at least one field.',
      editFrontmatterKey: 'Change {{n}}: every field needs a name.'
    },
    resolution: {
      decision: 'Decision on {{id}}',
      accept: 'Accept',
      reject: 'Reject',
      remove: 'Take out of the plan',
      removeLabel: 'Take out of the plan: {{id}}',
      notPending: 'This proposal is no longer pending (resolved elsewhere?). Take it out of the plan.',
      integratedInto: 'Integrated into',
      integratedHint: 'The documents recorded on the proposal as where it went.',
      noCandidates: 'No document suggested; add one below, or leave it empty.',
      suggested: 'suggested',
      newDocument: 'new document',
      otherDocument: 'Another document (path)',
      addDocument: 'Add',
      addEdit: 'Change a document for it',
      addEditHint: 'Opens a change on its first document.',
      reason: 'Reason for rejecting',
      reasonHint: 'Written into the proposal; its author reads it.',
      reasonCount: '{{n}} / {{max}} characters.'
    },
    edit: {
      title: 'Change {{n}}',
      remove: 'Remove',
      removeLabel: 'Remove change {{n}}',
      path: 'Document',
      pathHint: 'Path of the document in the corpus, for example procedures/sso.md.',
      exists: 'An existing document.',
      willCreate: 'No such document: it will be created.',
      meant: 'No such document: did you mean {{path}}? Paths start inside the corpus.',
      outside: 'This path is not inside the corpus: no leading /, no .. folder.',
      mode: 'Change',
      modes: {
        section: 'Replace a section',
        append: 'Add at the end',
        whole: 'Replace the whole document',
        create: 'Create the document',
        frontmatter: 'Only set fields'
      },
      modeHints: {
        section: 'The section runs from its heading to the next heading of the same level.',
        append: 'The text is added after the last line, separated by a blank line.',
        whole: 'The new text replaces everything, fields included.',
        frontmatter: 'Only the fields below change; the text stays as it is.'
      },
      missingForMode: 'This document does not exist yet: only “Create the document” can write it.',
      loadingDoc: 'Reading the document',
      section: 'Section to replace',
      chooseSection: 'Choose a section…',
      sectionHint: 'Choosing a section fills the editor with its current text.',
      sectionText: 'New text of the section',
      appendText: 'Text to add',
      wholeText: 'Whole new text',
      startFromCurrent: 'Start from the current text',
      contentHints: {
        section: 'Keep the heading line first (you may rename it, at the same level).',
        append: 'Markdown.',
        whole: 'Markdown, with its fields block at the top if it has one.',
        frontmatter: ''
      }
    },
    fm: {
      legend: 'Fields to set',
      none: 'No field changed.',
      key: 'Field',
      value: 'Value',
      valueHint:
        'Text as typed; numbers, true/false and [“lists”] in JSON. Fields not named keep their exact text.',
      add: 'Add a field',
      remove: 'Remove the field {{key}}',
      freshness: '{{fields}}: set to today automatically.'
    },
    stalePreview: {
      title: 'The base changed after this preview: nothing was written.',
      nothingWritten:
        'What you approved is no longer what would be written. Preview again to see the plan on the base as it is now, then resolve.',
      files_one: 'This file changed since the preview:',
      files_other: 'These {{count}} files changed since the preview:',
      commits_one: 'The commit made since:',
      commits_other: 'The {{count}} commits made since:'
    },
    preview: {
      title: 'Preview',
      nothingYet: 'Nothing has been written yet.',
      outdated: 'The plan changed since this preview: preview again before resolving.',
      again: 'Preview again',
      staleTitle_one: 'A document changed after the proposal was written',
      staleTitle_other: '{{count}} documents changed after their proposals were written',
      staleExplain:
        'The proposal may describe an older text. Read the document as it is now before you resolve.',
      staleItem: '{{path}} — changed since {{id}} was submitted, by:',
      warnings_one: '{{count}} warning from the hub',
      warnings_other: '{{count}} warnings from the hub',
      whatHappens: 'What will happen',
      accepted: 'Accepted',
      rejected: 'Rejected',
      movesTo: 'moves to',
      integratedInto: 'integrated into {{paths}}',
      reason: 'reason: {{reason}}',
      creates: 'creates',
      edits: 'edits',
      commitMessage: 'Commit message',
      commitHint: 'Exactly what the base’s history will record.',
      changes_one: '{{count}} document changed',
      changes_other: '{{count}} documents changed',
      noFiles: 'No document is changed: only the proposals move.',
      new: 'new',
      diffMode: 'How to show the changes',
      split: 'Side by side',
      unified: 'One column',
      diffOf: 'Changes of {{path}}',
      noTextChange: 'No change in the text.',
      proposalFiles_one: 'The proposal file, as it will be recorded ({{count}})',
      proposalFiles_other: 'The proposal files, as they will be recorded ({{count}})'
    },
    notes: {
      duplicateSections_one:
        'Change {{n}}: {{path}} has {{count}} other section titled “{{section}}”; only the first is replaced.',
      duplicateSections_other:
        'Change {{n}}: {{path}} has {{count}} other sections titled “{{section}}”; only the first is replaced.',
      documentCreated: 'Change {{n}}: {{path}} does not exist yet; it will be created.',
      integratedUntouched:
        '{{id}} is recorded as integrated into {{path}}, which no change of this plan edits.',
      acceptedWithoutDocuments: '{{id}} is accepted without naming the documents it was integrated into.'
    },
    result: {
      title_one: '{{count}} proposal resolved',
      title_other: '{{count}} proposals resolved',
      commit: 'Recorded in commit',
      paths_one: '{{count}} file changed in the commit',
      paths_other: '{{count}} files changed in the commit',
      history: 'See it in the history',
      inventory: 'Back to the inventory'
    }
  },
  firstSteps: {
    title: 'First steps',
    progress: '{{done}} of {{total}} done',
    hide: 'Hide',
    aiApp: 'Connect an AI app',
    aiAppHint: 'Let Claude Desktop, Claude Code, Cursor or VS Code read your bases: one click per app.',
    base: 'Import a base',
    baseHint: 'Clone your team’s knowledge base from its git address, or start a new one.',
    newBase: 'or create one',
    review: 'Review the first proposal',
    reviewHint: 'Agents have filed proposals in {{base}}: accept or reject them in one plan.',
    reviewNone: 'When an agent files a proposal, you decide here whether it goes in.',
    doneLabel: 'done',
    todoLabel: 'to do'
  },
  insights: {
    title: 'What agents could not find',
    explain:
      'From the usage journal of the AI apps on this computer: searches that found nothing, found only partial matches, were rephrased or left unread. Each gap is checked against the documents as they are now, and closes by itself once its questions find an answer.',
    loading: 'Loading the insights',
    noJournal: 'No agent has searched this base yet (or the usage journal is off in Settings).',
    events_one: '{{count}} event recorded since {{since}}',
    events_other: '{{count}} events recorded since {{since}}',
    openTitle: 'Open gaps',
    openEmpty: 'No open gap: agents found what they searched for.',
    openNothingYet: 'No gap to show yet: gaps appear once agents have searched this base.',
    rank: 'Ranked by the number of agent sessions that hit each gap.',
    sessions_one: '{{count}} session',
    sessions_other: '{{count}} sessions',
    searches_one: '{{count}} search',
    searches_other: '{{count}} searches',
    lastSeen: 'last on {{date}}',
    firstSeen: 'first on {{date}}',
    queries: 'What agents asked',
    shown: 'Documents they were shown',
    signals: {
      'no-result': 'no result',
      partial: 'partial matches only',
      reformulated: 'rephrased',
      unread: 'results left unread'
    },
    writeIt: 'Write it',
    writeItHint: 'Opens the plan with a new document for this gap, its questions beside the editor.',
    dismiss: 'Not for this base',
    closedTitle: 'Closed gaps',
    closedBy: 'Closed on {{date}} by',
    closedByNone: 'Closed on {{date}}',
    dismissedTitle: 'Set aside (not for this base)',
    restore: 'Put back',
    figures: 'Reading',
    mostRead: 'Most-read documents',
    mostReadSections: 'Most-read sections',
    reads_one: '{{count}} read',
    reads_other: '{{count}} reads',
    nothingRead: 'No document read yet.',
    unread_one: '{{count}} document no agent read in {{days}} days',
    unread_other: '{{count}} documents no agent read in {{days}} days',
    more: 'and {{count}} more',
    proposals: 'Proposals',
    submitters: 'Per submitter',
    submitter: 'Submitter',
    pending: 'Pending',
    accepted: 'Accepted',
    rejected: 'Rejected',
    noProposals: 'No proposal yet.',
    decision: 'From filing to decision: median {{median}}, mean {{mean}} ({{count}} decided).',
    noDecision: 'No proposal decided yet.',
    beside: {
      title: 'The gap this document answers',
      hint: 'Agents asked this and found no answer. Write so that these questions find this document.'
    },
    dismissFailed: 'Setting the gap aside',
    restoreFailed: 'Putting the gap back'
  },
  history: {
    title: 'History',
    explain: 'Every proposal filed and every decision taken, newest first, as recorded in the base.',
    loading: 'Loading the history',
    loadingMore: 'Loading older entries…',
    more: 'Show older entries',
    end: 'This is the beginning of the base.',
    empty: 'No history yet.',
    trailers: 'Recorded details',
    trailOf: 'Audit trail of {{id}}',
    fullMessage: 'Full message',
    open: 'Open what this changed',
    words: {
      someone: 'Someone',
      filed: '{{who}} filed a proposal: {{concerns}}',
      filedAgain: '{{who}}’s proposal filed again after an interruption: {{concerns}}',
      decided: '{{who}} {{what}}',
      decidedBoth: '{{who}} {{integrated}} and {{rejected}}',
      integratedN_one: 'integrated {{count}} proposal',
      integratedN_other: 'integrated {{count}} proposals',
      rejectedN_one: 'rejected {{count}} proposal',
      rejectedN_other: 'rejected {{count}} proposals',
      start: {
        installed: 'OKF Hub installed {{name}} (shipped with the app)',
        created: 'Base {{name}} created from the OKF Hub template',
        'imported-folder': 'Folder {{name}} imported into OKF Hub'
      },
      wasIntegrated: '{{id}}, integrated',
      wasRejected: '{{id}}, rejected',
      summary: 'Summary: {{summary}}'
    },
    trailer: {
      proposal: 'Proposal',
      submittedBy: 'Filed by',
      reviewedBy: 'Reviewed by'
    },
    kinds: {
      submission: 'Proposal filed',
      resolution: 'Decision',
      reconcile: 'Repair',
      other: 'Other change',
      start: 'Beginning of the base'
    }
  },
  audit: {
    title: 'Audit trail of {{id}}',
    back: 'Proposal',
    explain: 'Who filed this proposal and who decided on it, as recorded in the base’s history.',
    loading: 'Loading the audit trail',
    submission: 'Filed',
    noSubmission: 'No record of the filing was found.',
    resolution: 'Decided',
    pending: 'Not decided yet.',
    others_one: '{{count}} other record names this proposal',
    others_other: '{{count}} other records name this proposal',
    othersHint: 'Normally only the filing and the decision name a proposal.',
    outcome: 'Outcome',
    integratedInto: 'Integrated into',
    integratedNowhere: 'Integrated; no document named.',
    rejected: 'Rejected',
    noReason: 'No reason recorded.',
    openCommit: 'See what this changed',
    notMoved:
      'The decision below names this proposal, but its commit did not move the proposal’s file: it is not a decision. The proposal is still {{status}}.',
    movedSince:
      'Since this decision, the proposal’s file has moved: it is {{status}} now (the decision was reverted, or its file moved by hand).',
    gone: 'no longer in the base',
    statusWord: { pending: 'pending', accepted: 'accepted', rejected: 'rejected' }
  },
  commit: {
    title: 'What this changed',
    back: 'History',
    loading: 'Loading the change',
    message: 'Recorded message',
    files_one: '{{count}} file changed',
    files_other: '{{count}} files changed',
    noFiles: 'This change wrote no file (or its parent is outside this copy of the history).',
    added: 'New',
    deleted: 'Deleted',
    binary: 'Binary file: no text to show.',
    tooLarge: 'Too large to show here.',
    omitted_one: '{{count}} more file changed, not listed.',
    omitted_other: '{{count}} more files changed, not listed.',
    proposalFiles_one: '{{count}} proposal file',
    proposalFiles_other: '{{count}} proposal files',
    documents_one: '{{count}} document',
    documents_other: '{{count}} documents'
  },
  settings: {
    title: 'Settings',
    loading: 'Loading the settings',
    saveFailed: 'Your change was not saved',
    reviewer: 'Reviewer name',
    reviewerHint: 'Your name, recorded with your decisions.',
    firstSteps: 'Show the first steps on the overview',
    firstStepsHint: 'Connect an AI app, import a base, review the first proposal: listed until done.',
    language: 'Language',
    languageSystem: 'System language',
    languageFailedTitle: 'This language could not be shown',
    languageFailed:
      '{{language}} could not be loaded: this installation of OKF Hub is incomplete. Reinstall it; your choice is saved and will be shown at the next start.',
    languageHint: 'Dates and numbers follow the language chosen.',
    basesDir: 'Bases folder',
    basesDirHint: 'Chosen when the hub starts (--bases or the configuration file).',
    userDataDir: 'Hub data folder',
    userDataDirHint: 'Settings, draft plans and the hub log are kept here.',
    hosts: 'AI apps',
    hostsLink: 'Register OKF Hub in your AI apps',
    hostsHint: 'Claude Desktop, Claude Code, Cursor and VS Code: their status, and one button each.',
    trashLink: 'Bases in the trash',
    journal: {
      title: 'Usage journal',
      toggle: 'Record what AI agents search and read',
      hint: 'Each search (bases, query, the documents and sections shown), each read (document and section) and each proposal’s id, with its time, session and AI app — never a document’s text nor a proposal’s body. Kept on this computer only, in the hub data folder; 180 days and 50 MB at most.',
      offByConfig: 'Turned off by the hub configuration ({{file}}: journal: false).',
      loading: 'Reading the usage journal',
      empty: 'The journal is empty.',
      summary_one: '{{events}} event recorded ({{size}}).',
      summary_other: '{{events}} events recorded ({{size}}).',
      where: 'Kept in {{dir}}',
      purge: 'Purge the journal',
      purgeTitle: 'Purge the usage journal?',
      purgeBody_one:
        '{{events}} event ({{size}}) will be deleted from this computer, with the gap closures found from them (gaps you marked “Not for this base” stay so). The bases are not touched. This cannot be undone.',
      purgeBody_other:
        '{{events}} events ({{size}}) will be deleted from this computer, with the gap closures found from them (gaps you marked “Not for this base” stay so). The bases are not touched. This cannot be undone.',
      purgeConfirm: 'Purge',
      purged: 'Journal purged.'
    },
    about: '{{product}} {{version}} · {{platform}} · {{transport}}',
    transports: {
      electron: 'desktop app',
      web: 'in the browser (okf-hub ui)'
    }
  },
  import: {
    title: 'Import a base',
    subtitle:
      'Clone a base from a git address, or take a folder of this computer. Nothing reaches the agents before you have read it.',
    stepsLabel: 'Steps of the import',
    stepDone: '(done)',
    stepFailed: '(failed)',
    optional: '(optional)',
    steps: {
      source: 'Source',
      progress: 'Copy',
      report: 'Check',
      review: 'Before first use',
      done: 'Served'
    },
    source: {
      title: 'Where does the base come from?',
      explain:
        'The base keeps its whole history. It is copied into the bases folder, checked, and shown to you before it is served.',
      kind: 'Source',
      kindUrl: 'A git address (GitHub, GitLab, a company server…)',
      kindFolder: 'A folder on this computer',
      url: 'Git address',
      urlHint: 'The HTTPS address of the repository, as its “Clone” button gives it.',
      urlMissing: 'Type the git address of the base.',
      urlInvalid: 'The address must start with https:// (or http:// on a local network).',
      folder: 'Folder',
      folderPlaceholder: '/home/alice/bases/handbook',
      folderMissing: 'Type the full path of the folder.',
      folderHintDesktop:
        'A git repository is imported with its history; a plain folder becomes one, with a first commit by the hub. Choose it, or type its full path.',
      folderHintWeb:
        'The full path on the computer running the hub. A git repository is imported with its history; a plain folder becomes one, with a first commit by the hub.',
      pick: 'Choose folder…',
      branch: 'Branch',
      branchHint: 'Leave empty for the repository’s default branch.',
      token: 'Access token',
      tokenHint:
        'Only for a private repository. Kept in memory for this import only: never written to disk, to the base or to the logs.',
      name: 'Folder name in the bases folder',
      nameHint: 'Leave empty to take it from the address. It may not be a folder that already exists.',
      start: 'Import',
      startHint: 'Copies and checks the base. It is not served until you confirm, after reading it.'
    },
    notices: {
      cancelled: 'Import cancelled: nothing was kept. Your entries are still here.',
      discarded: 'Import discarded: nothing was kept. Your entries are still here.'
    },
    progress: {
      title: 'Copying the base…',
      from: 'From',
      objects: '{{loaded}} objects received',
      objectsOf: '{{loaded}} of {{total}} objects',
      waiting: 'Waiting for the server…',
      unknown: 'progress unknown',
      percent: '{{percent}} %',
      cancel: 'Cancel',
      cancelling: 'Cancelling…',
      cancelHint: 'Cancelling stops the copy and deletes everything fetched so far.'
    },
    phases: {
      preparing: 'Preparing the copy',
      counting: 'The server counts what to send',
      compressing: 'The server prepares the files',
      receiving: 'Receiving the files and their history',
      resolving: 'Putting the history together',
      'checking-out': 'Writing the files',
      copying: 'Copying the folder',
      validating: 'Checking that it is a valid base',
      done: 'Finishing'
    },
    failure: {
      reasons_one: 'The reason:',
      reasons_other: 'Every reason ({{count}}):',
      nothingKept: 'Nothing was kept in the bases folder.',
      fix: {
        source: 'Change the source',
        branch: 'Change the branch',
        token: 'Enter the token',
        name: 'Change the folder name'
      },
      auth: {
        title: 'The server asks for an access token, or refused the one given.',
        action:
          'This repository is private: create a read access token on its site (GitHub, GitLab…), paste it in the token field, and import again.'
      },
      unreachable: {
        title: 'The server cannot be reached.',
        action: 'Check the address and your network connection (a VPN may be needed), then try again.'
      },
      branch: {
        title: 'This branch does not exist in the repository.',
        action: 'Check its name, or leave the branch empty to take the default branch.'
      },
      'not-git': {
        title: 'This is not a git repository.',
        action: 'Check the address: it must be the repository’s clone address, not a web page.'
      },
      'not-bundle': {
        title: 'This repository is not an OKF base.',
        action:
          'An OKF base has an okf-bundle.yaml file at its root. Check that you chose the right repository or folder.'
      },
      'invalid-bundle': {
        title: 'This base is not valid: the hub could not serve it.',
        action: 'Its author must correct what is listed below; then import it again.'
      },
      collision: {
        title: 'A base with the same name is already served.',
        action: 'Two bases cannot have the same name. Remove the other one first, or ask for a renamed copy.',
        actionNamed:
          'Two bases cannot have the same name, and the base in the folder “{{other}}” already has it. Remove that base first (to the trash), or ask for a renamed copy.'
      },
      exists: {
        title: 'A folder with this name already exists in the bases folder.',
        action: 'Choose another folder name.'
      },
      source: {
        title: 'The hub cannot use this source.',
        action: 'Check the address or the path, then try again.'
      },
      cancelled: {
        title: 'The import was cancelled.',
        action: 'Nothing was kept. Start it again when you are ready.'
      },
      other: {
        title: 'The import failed.',
        action: 'Read the message below, correct what it names, then try again.'
      }
    },
    report: {
      title: 'The base was copied and checked',
      refusedTitle: 'The base cannot be imported',
      valid: '“{{base}}” is a valid base.',
      notServed: 'It is not served yet: agents do not see it until you have read it and confirmed.',
      base: 'Name',
      dirName: 'Folder',
      source: 'Source',
      branch: 'Branch',
      defaultBranch: 'default branch',
      documents: 'Documents',
      commits: 'History',
      commitsValue_one: '{{n}} commit',
      commitsValue_other: '{{n}} commits',
      warnings_one: '{{count}} warning from the check',
      warnings_other: '{{count}} warnings from the check',
      noWarning: 'No warning: the check found nothing to say.',
      continue: 'Continue: read before first use'
    },
    review: {
      title: 'Before first use: read what “{{base}}” tells agents',
      whyTitle: 'These texts reach every agent',
      why: 'Once served, the rules (GOVERNANCE.md) and the instructions (CLAUDE.md) of this base go into the context of every agent that uses OKF Hub, on this computer (OKF specification, §8). Serve it only if you agree with what they say.',
      untrusted:
        'They were written by whoever wrote the base: they are shown as text, links open only when you click them.',
      manifestHint: 'The base’s identity card',
      showAs: 'Show {{file}} as',
      rendered: 'Formatted',
      raw: 'Raw text',
      noClaude: 'This base has no CLAUDE.md.',
      read: 'I have read the manifest, GOVERNANCE.md and CLAUDE.md of “{{base}}”, and I accept that agents receive them.',
      serve: 'Serve this base',
      serving: 'Serving…',
      serveHint: 'Agents see the base from now on; you can remove it to the trash at any time.',
      readFirst: 'Tick the box above once you have read the three texts.',
      discard: 'Discard'
    },
    done: {
      title: '“{{title}}” is served',
      served: 'The base “{{base}}” is now in the bases folder and served.',
      agents: 'Agents can search it with kb_search under the name {{base}}.',
      where: 'Folder:',
      open: 'Open the base',
      another: 'Import another base'
    },
    leave: {
      title: 'Leave the import?',
      bodyRunning: 'The copy is still running. Leaving cancels it and deletes everything fetched so far.',
      bodyStaged: 'The base is copied but not served. Leaving discards it: nothing is kept.',
      cancel: 'Cancel the import and leave',
      discard: 'Discard and leave'
    }
  },
  newBase: {
    title: 'New base',
    explain:
      'The hub writes a starter base that you then fill in: its identity card, draft rules, instructions for agents and an example document.',
    baseTitle: 'Title',
    titleHint: 'What people and agents see, for example “Support handbook”.',
    titleMissing: 'Give the base a title.',
    name: 'Name',
    nameRule:
      'Lowercase letters a–z, digits 0–9 and hyphens “-” only, for example support-handbook. It is the folder’s name and the name agents use.',
    nameProblems: {
      empty: 'Give the base a name.',
      uppercase: 'Capital letters are not allowed: write “{{name}}” in lowercase.',
      space: 'Spaces are not allowed: use hyphens “-” instead.',
      characters: 'Not allowed here: {{chars}}',
      taken: 'A base named “{{name}}” is already served: choose another name.'
    },
    description: 'Description',
    descriptionHint: 'One or two sentences: what the base is for. Agents read it to choose a base.',
    descriptionMissing: 'Describe the base in a sentence.',
    whatTitle: 'What the hub writes',
    what: 'A folder with the base’s manifest (commented), GOVERNANCE.md (draft rules with examples), CLAUDE.md, an example document, INSTANTIATE.md (what to fill in), and its own git history starting with one first commit. It is served at once.',
    refused: 'Base not created',
    create: 'Create the base',
    creating: 'Creating…'
  },
  trash: {
    title: 'Trash',
    explain:
      'Bases you removed wait here, inside the bases folder, with their files and their history. Agents do not see them. Restore one to serve it again.',
    loading: 'Loading the trash',
    listLabel: 'Bases in the trash',
    emptyTitle: 'No base in the trash',
    emptyBody:
      'A base you move to the trash (the “Move to trash” button on its page) waits here until you restore it.',
    folder: 'folder {{dir}}',
    removedAt: 'Removed',
    restore: 'Restore',
    restoreLabel: 'Restore {{base}}',
    restoring: 'Restoring…',
    restoredTitle: '“{{title}}” is served again.',
    openRestored: 'Open {{base}}',
    remove: 'Move to trash',
    confirmTitle: 'Move “{{title}}” to the trash?',
    confirmBody:
      'The base {{base}} goes to the trash inside the bases folder, with its files and its history. You can restore it from the trash.',
    confirmAgents: 'Agents no longer see it from now on. Its pending proposals stay in it.',
    confirm: 'Move to the trash',
    removing: 'Removing…',
    removedTitle: '“{{base}}” is in the trash.',
    removedBody: 'Agents no longer see it. Its files and history are kept.',
    open: 'Open the trash'
  },
  hosts: {
    title: 'AI apps',
    explain:
      'Register OKF Hub in the AI apps of this computer so that their agents can search your bases and propose additions.',
    listLabel: 'AI apps',
    loading: 'Reading the AI apps’ configuration',
    whatTitle: 'What registering writes',
    what: 'One entry named OKF Hub in the app’s configuration file: the command that starts the hub’s server. Every other entry, setting and comment of that file stays as it was, and a dated backup copy is made first. Restart the app to see the change.',
    checkAll: 'Check all',
    checking: 'Checking…',
    checkHint: 'Checking starts the registered command exactly as the app would, and asks it for its tools.',
    names: hostNames,
    status: {
      working: 'Registered and working',
      registered: 'Registered (not checked yet)',
      broken: 'Registered, but it does not start',
      problem: 'Problem',
      absent: 'Not registered',
      missing: 'No longer registered'
    },
    installed: 'installed',
    notInstalled: 'not found on this computer',
    configFile: 'Configuration file',
    noConfigFile: 'unknown on this system',
    otherFiles: 'Also found',
    backup: 'Last backup',
    noBackup: 'none yet',
    afterRegister: sharedEn.afterRegister,
    done: {
      register: 'Done: {{host}} now finds OKF Hub.',
      unregister: 'Done: OKF Hub is removed from {{host}}.',
      check: 'Checked.'
    },
    register: 'Register',
    registering: 'Registering…',
    repair: 'Repair',
    repairing: 'Repairing…',
    unregister: 'Unregister',
    unregistering: 'Unregistering…',
    check: 'Check',
    banner: '{{host}} no longer finds OKF Hub',
    bannerWhy:
      'An update of the app probably rewrote its configuration. Repairing writes the entry again (a backup is made first).',
    bannerRepaired: '{{host}} finds OKF Hub again. Restart it to see the change.',
    seeAll: 'All AI apps',
    dismissBanner: 'Hide this message'
  },
  syncTeam: {
    mode: {
      main: 'Files on {{branch}} directly',
      inbox: 'Inbox mode: files on {{inbox}}, the manager integrates',
      manager: 'Manager: integrates every contributor’s inbox into {{branch}}'
    },
    modeHint:
      'How this hub sends its proposals to the remote (setting sync-mode for this base: auto, main, inbox or manager).',
    waiting_one: '{{count}} proposal waits for the manager.',
    waiting_other: '{{count}} proposals wait for the manager.',
    inboxes_one: '{{count}} inbox seen, {{waiting}} proposal(s) waiting.',
    inboxes_other: '{{count}} inboxes seen, {{waiting}} proposal(s) waiting.',
    collected_one: '{{count}} proposal integrated from the inboxes.',
    collected_other: '{{count}} proposals integrated from the inboxes.',
    alerts: sharedEn.syncAlerts
  },
  sync: {
    state: {
      'up-to-date': 'Up to date',
      behind_one: '{{count}} behind',
      behind_other: '{{count}} behind',
      ahead_one: '{{count}} to push',
      ahead_other: '{{count}} to push',
      neverFetched: 'Not synced yet',
      diverged: 'Diverged',
      unreachable: 'Remote unreachable',
      'auth-required': 'Authentication required',
      error: 'Sync failed'
    },
    explain: {
      upToDate: 'Same as the team’s remote when it was last fetched.',
      neverSynced:
        'Same as the team’s remote when it was fetched (at import); not synced from this hub since.',
      neverFetched: 'Not compared with the team’s remote yet: Sync fetches it.',
      inInbox_one: '{{count}} change filed in your inbox on the team’s remote, waiting for the manager.',
      inInbox_other: '{{count}} changes filed in your inbox on the team’s remote, waiting for the manager.',
      behind_one: '{{count}} change on the team’s remote is not here yet: Sync brings it.',
      behind_other: '{{count}} changes on the team’s remote are not here yet: Sync brings them.',
      ahead_one: '{{what}} is not yet on the team’s remote: Push sends it.',
      ahead_other: '{{what}} are not yet on the team’s remote: Push sends them.',
      aheadInbox_one:
        '{{what}} is not yet on the team’s remote: Sync files it in your inbox for the manager.',
      aheadInbox_other:
        '{{what}} are not yet on the team’s remote: Sync files them in your inbox for the manager.',
      proposals_one: '{{count}} proposal filed here',
      proposals_other: '{{count}} proposals filed here',
      proposalsManager_one: '{{count}} proposal filed or brought in from an inbox here',
      proposalsManager_other: '{{count}} proposals filed or brought in from the inboxes here',
      decisions_one: '{{count}} decision taken here',
      decisions_other: '{{count}} decisions taken here',
      other_one: '{{count}} other change made here',
      other_other: '{{count}} other changes made here',
      diverged: 'This base and the team’s remote both changed since they last met: see below what to do.'
    },
    synced: 'synced',
    never: 'never synced',
    statusLabel: 'Sync with the remote repository',
    sync: 'Sync',
    syncing: 'Syncing…',
    syncHint:
      'Fetch the remote repository’s changes and bring this base up to them (never a merge, nothing of yours is rewritten).',
    push: 'Push',
    pushing: 'Pushing…',
    pushHint_one: 'Sync, then send the {{count}} local commit to the remote repository.',
    pushHint_other: 'Sync, then send the {{count}} local commits to the remote repository.',
    pushNothing: 'Sync, then send local commits to the remote repository (none waits right now).',
    calling: 'Syncing {{base}}',
    result: {
      upToDate: 'Already up to date with {{remote}}.',
      fetched_one: '{{count}} commit fetched from {{remote}}: the base is up to date.',
      fetched_other: '{{count}} commits fetched from {{remote}}: the base is up to date.',
      pushed_one: '{{count}} commit sent to {{remote}}.',
      pushed_other: '{{count}} commits sent to {{remote}}.',
      stillAhead_one: '{{count}} local commit is not on {{remote}} yet: click Push to send it.',
      stillAhead_other: '{{count}} local commits are not on {{remote}} yet: click Push to send them.'
    },
    dirty: {
      title_one: '{{count}} commit to fetch, but files changed here are in the way',
      title_other: '{{count}} commits to fetch, but files changed here are in the way',
      body: 'These files were changed in the base’s folder without a commit, and the remote repository changed them too. Nothing was written. Keep these changes in a commit or set them aside, then sync again.',
      open: 'Keep or set aside these changes'
    },
    unreachable: {
      title: 'The remote repository does not answer',
      body: '{{url}} did not answer. Check your connection and the address, then try again. Nothing was lost: your local commits stay here and will be sent next time.'
    },
    error: {
      title: 'The sync did not complete',
      body: 'Nothing was forced: the base is as it was.'
    },
    /** Why a sync ended in error (`SyncProblemKind`), with what to do. */
    problems: {
      'detached-head':
        'This copy of the base is not on a branch (an older version was checked out with git), so it cannot be synced. Import the base again from its remote, or ask whoever set up this copy.',
      'head-unreadable':
        'This copy of the base cannot say which branch it is on: its git files are damaged. Import the base again from its remote.',
      'repo-unreadable':
        'The git files of this base are damaged or missing. Import the base again from its remote.',
      'no-commits': 'This base has no saved version yet: there is nothing to sync.',
      'not-http':
        'Its remote ({{remote}}, {{url}}) is an SSH address or a folder; the hub syncs only http(s) addresses. Ask your team for the repository’s https address.',
      'no-hub-id':
        'This hub has no installation id, which filing in an inbox needs. Restart the app; if this stays, report it.',
      'remote-branch-missing':
        'The team’s repository has no branch {{branch}} yet. The base’s manager creates it by syncing once from their hub.',
      'push-protected':
        'The team’s repository protects {{branch}}, and this hub may not update it. Nothing was lost: your changes stay here. Ask the base’s manager to check who may update it.',
      'remote-refused':
        'The team’s repository refused the exchange. Nothing was lost: your changes stay here. Try again; if this stays, the technical details say what the repository answered.',
      'remote-missing':
        'No repository was found at {{url}}: it may have been renamed, moved or deleted, or the token saved for this address cannot see it. Nothing was lost. Check the address with your team.',
      'base-busy': 'Another change was being written to this base at the same moment. Try again.',
      'git-lock-stale':
        'An interrupted git command left this base locked ({{file}}), and git never removes such a lock. If no git program is working on this base, and no commit message editor is open on it, remove the lock, then try again.',
      unexpected: 'Something unforeseen stopped the sync; the technical details say what.'
    },
    diverged: {
      title: 'This base and its remote repository have diverged',
      what: 'While you were working, someone changed on {{remote}} a file that one of your resolutions also edits — or a commit was made outside the hub. The hub never merges and never forces: your local commits are intact and nothing was sent.',
      paths_one: 'The file changed on both sides:',
      paths_other: 'The files changed on both sides:',
      todo: 'What to do',
      setAside:
        'Set your resolution aside: it is kept in a branch of its own, the base takes the remote repository’s version (new proposals stay), and your decisions come back into the plan, to preview on that version and resolve again:',
      setAsideButton: 'Set aside and plan again',
      settingAside: 'Setting aside…',
      setAsideFailed: 'setting the resolution aside',
      git: 'A commit made outside the hub, with another tool, is in the way, and the hub never rewrites one. Whoever made it brings it onto the remote repository’s version with the tool they made it with (or asks someone at ease with it); then sync again.',
      ask_one:
        'Or ask the person who changed this file on the remote repository: agree on which change stays, then one of you makes it again.',
      ask_other:
        'Or ask the person who changed these files on the remote repository: agree on which change stays, then one of you makes it again.'
    },
    auth: {
      title: 'The remote repository asks for a token',
      body: '{{host}} refuses to sync without a valid token. Paste a personal access token that can read and write this repository.',
      token: 'Token for {{host}}',
      save: 'Save and try again',
      saving: 'Saving…',
      empty: 'Paste the token first.',
      persistent:
        'The token is encrypted by your system’s keychain and kept for next time. It is never written in clear, nor in the repository.',
      memory:
        'The token stays in memory until the hub stops (in the browser, nothing is kept on disk): you will paste it again after a restart.',
      fromEnvironment: 'OKF_HUB_GIT_TOKEN is set: it is used for every host without a saved token.'
    },
    stored: 'A token is saved for {{host}}.',
    storedMemory: 'A token is kept in memory for {{host}} until the hub stops.',
    forget: 'Forget this token',
    forgetting: 'Forgetting…',
    credentialsFailed: 'The token could not be saved or forgotten'
  },
  /** Issue 25 §3: no step needs git — uncommitted changes, set-aside changes, governance editing. */
  localChanges: {
    title: 'Uncommitted changes',
    back: 'Back to the base',
    backToPlan: 'Back to the plan',
    explain:
      'These files of the base were changed in its folder, outside the hub, and are not in its history yet. The hub never writes over them: keep them in one commit in your name, or set them aside in the trash (you can restore them later).',
    fromPlan:
      'The plan stopped on these changes. Once they are kept or set aside, go back to the plan and resolve.',
    loading: 'Reading the base’s files',
    noneTitle: 'No uncommitted change',
    noneBody: 'The base’s files are exactly as in its history.',
    count_one: '{{count}} file changed',
    count_other: '{{count}} files changed',
    kinds: { modified: 'modified', deleted: 'deleted', untracked: 'new' },
    binary: 'Binary file ({{size}} bytes): not shown.',
    tooLarge: 'Too large to show ({{size}} bytes).',
    keep: 'Keep them…',
    keepTitle: 'Keep them in one commit',
    keepBody_one:
      'One commit with exactly this file, authored by {{author}}, with your message. Nothing else of the base is recorded.',
    keepBody_other:
      'One commit with exactly these {{count}} files, authored by {{author}}, with your message. Nothing else of the base is recorded.',
    message: 'Commit message',
    messageHint: 'What these changes are, in a first line (more lines below if needed).',
    messageMissing: 'Write the message first.',
    author: 'Your name',
    authorHint: 'It signs the commit, and is remembered for your reviews.',
    authorMissing: 'Enter your name first.',
    keepConfirm: 'Keep in one commit',
    keeping: 'Committing…',
    keptTitle_one: 'Kept: commit {{commit}}, {{count}} file.',
    keptTitle_other: 'Kept: commit {{commit}}, {{count}} files.',
    setAside: 'Set them aside…',
    setAsideTitle: 'Set them aside',
    setAsideBody_one:
      'This file is copied to the trash with today’s date, then put back as it is in the base’s history. You can restore the change from the trash.',
    setAsideBody_other:
      'These {{count}} files are copied to the trash with today’s date, then put back as they are in the base’s history. You can restore the changes from the trash.',
    setAsideConfirm: 'Set aside',
    settingAside: 'Setting aside…',
    setAsideDone: 'Set aside: the files are back as in the base’s history; the changes wait in the trash.',
    openTrash: 'Open the trash',
    cancel: 'Cancel',
    failed: 'Acting on the changes',
    openPanel: 'See the uncommitted changes',
    planBlocked: 'Keep or set aside these changes from the app, then come back to resolve.'
  },
  setAsideChanges: {
    title: 'Changes set aside',
    explain:
      'Uncommitted changes you set aside from a base, with their date. Restore writes them back into the base, uncommitted, as they were.',
    empty: 'No change set aside.',
    files_one: '{{count}} file',
    files_other: '{{count}} files',
    restore: 'Restore',
    restoreLabel: 'Restore the changes of {{base}} set aside on {{date}}',
    restoring: 'Restoring…',
    restored: 'The changes are back in {{base}}, uncommitted.',
    openChanges: 'See them',
    failed: 'Restoring the changes'
  },
  governanceEdit: {
    edit: 'Edit',
    editLabel: 'Edit the governance',
    merged_one:
      '{{files}} changed since you opened the editor (another window or a colleague). Your edit is applied on top of the current version: their change is kept, as the diff shows.',
    merged_other:
      '{{files}} changed since you opened the editor (another window or a colleague). Your edits are applied on top of the current versions: their changes are kept, as the diffs show.',
    cancel: 'Cancel',
    explain:
      'Change the rules, their status, the schema, the title and the description. The preview shows every change; then one commit records them, signed with your name.',
    status: 'Status of the rules',
    draft: 'Draft',
    draftHint: 'Not validated yet: agents are told the rules may still change.',
    stable: 'Stable',
    stableHint: 'Validated: these are the base’s rules.',
    rules: 'Rules ({{file}})',
    schema: 'Schema ({{file}})',
    baseTitle: 'Title',
    description: 'Description',
    identityHint:
      'Shown to every agent connected to the hub to choose a base: factual, one line, no instruction.',
    summary: 'What you changed',
    summaryHint: 'The commit’s subject; left empty, the hub names what changed.',
    reviewer: 'Reviewed by',
    reviewerHint: 'Your name, as in your reviews.',
    preview: 'Preview',
    previewing: 'Previewing…',
    previewTitle: 'What will be written',
    previewFailed: 'Previewing the governance',
    commitMessage: 'Commit message',
    commit: 'Commit these changes',
    committing: 'Committing…',
    commitFailed: 'Committing the governance',
    committed: 'Governance committed: {{commit}}.'
  },
  notFound: {
    title: 'This page does not exist'
  },
  routeError: {
    title: 'This screen could not be shown',
    body: 'Something went wrong while showing it. Nothing was written.',
    reload: 'Reload'
  }
}
