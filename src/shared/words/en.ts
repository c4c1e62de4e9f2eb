/**
 * The words both the UI and the CLI give to the engine's data (issue 25): error kinds, their
 * reasons, the next step after registering with each AI app, and sync alerts. Shared so that the
 * CLI words an error as the UI does without reading the renderer's resources; the UI's i18n
 * resources include them under the same keys (`errorKinds`, `errorReasons`,
 * `hosts.afterRegister`, `syncTeam.alerts`).
 */
export const sharedEn = {
  errorKinds: {
    'host-config-strict-json': {
      title: 'This app reads {{file}} as strict JSON, and the file has comments or trailing commas.',
      action:
        'The app cannot read OKF Hub’s entry there, so nothing was written. Remove the comments and trailing commas from the file, then try again.'
    },
    'host-config-read-only': {
      title: '{{file}} is read-only.',
      action: 'Nothing was written. Make the file writable (or add the entry yourself), then try again.'
    },
    'stale-preview': {
      title: 'The preview is out of date: {{paths}} changed since it was made.',
      action: 'Nothing was written. Look at what changed, then preview again.'
    },
    'proposal-not-pending': {
      title: 'Proposal {{id}} is no longer pending: it was resolved or removed since it entered the plan.',
      action:
        'Nothing was written. If another window or hub resolved it, its card in the plan says who. Remove it from the plan, then preview again.'
    },
    'proposal-malformed': {
      title: 'Proposal {{id}} cannot be resolved: its file {{path}} is not a well-formed proposal.',
      action:
        'Nothing was written. A proposal’s file is named after its id (prop-YYYY-MM-DD-xxxx), as agents file them; this one was written by hand. Take it out of the plan; the file has to be renamed or removed in the base’s repository.'
    },
    'section-not-found': {
      title: 'The section “{{section}}” is no longer in {{path}}: it was renamed or removed.',
      action: 'Its headings now: {{headings}}. Choose one in the edit, then preview again.'
    },
    'local-changes': {
      title: 'Files of this base were changed outside the hub and not committed: {{paths}}.',
      action:
        'Nothing was written. Look at these changes, then keep them (one commit in your name) or set them aside (to the trash, restorable), and try again.'
    },
    'local-changes-moved': {
      title: 'The uncommitted changes are no longer the ones you looked at.',
      action: 'Nothing was done. Look at them again, then choose.'
    },
    'commit-message-missing': {
      title: 'The commit needs a message.',
      action: 'Say in one line what these changes are.'
    },
    'reviewer-missing': {
      title: 'Your name is missing.',
      action: 'Enter your name (it signs the commit), then try again.'
    },
    'set-aside-restore-blocked': {
      title: 'These files changed since they were set aside: {{paths}}.',
      action: 'Nothing was restored. Keep or set aside their new changes first, then restore.'
    },
    'set-aside-missing': {
      title: 'These set-aside changes are no longer in the trash.',
      action: 'Reload the trash: they were restored or removed meanwhile.'
    },
    'set-aside-base-gone': {
      title: 'The base “{{base}}” these changes belong to is not open in the hub any more.',
      action: 'Put the base back first (from the trash, if it is there), then restore its changes.'
    },
    'governance-invalid-yaml': {
      // The parser's reason is English whatever the UI's language: it stays in the technical details.
      title: '{{file}} is not valid YAML.',
      action: 'Nothing was written. Correct it (the technical details say where), then preview again.'
    },
    'governance-invalid-field': {
      title: 'The title or the description is refused.',
      action:
        'Each must be one line, not empty, without tabs: 100 characters at most for the title, 500 for the description.'
    },
    'governance-unchanged': {
      title: 'Nothing changes in the governance.',
      action: 'Edit the rules, their status, the schema, the title or the description first.'
    },
    'governance-moved': {
      title: 'The governance files changed since the preview.',
      action:
        'Nothing was written. Preview again: your edit is applied on top of the current version, the other change kept.'
    },
    'governance-edit-conflict': {
      title: 'Someone else changed {{file}} in the lines you edited, since you opened the editor.',
      action:
        'Nothing was written. Copy your text, press Cancel, then Edit again to start from the current version.'
    },
    'edit-path-invalid': {
      title: '“{{path}}” is not a path inside the base’s documents.',
      action:
        'Write the document’s path as the list shows it (from the documents folder, without “..”), then preview again.'
    },
    'edit-path-excluded': {
      title: '{{path}} is not one of the base’s documents: its rules and proposals are kept apart.',
      action:
        'Choose a document of the base. The rules are changed from the Governance tab, proposals by deciding on them.'
    },
    'edit-path-link': {
      title:
        '{{path}} is a link to another file, or passes through one: the hub does not write through links.',
      action: 'Change the file the link leads to, by its own path, then preview again.'
    },
    'edit-path-other-repository': {
      title:
        '{{path}} lies in {{folder}}, a git repository of its own (a submodule or a clone inside the base): this base’s commit cannot hold it.',
      action:
        'Nothing was written. Change that document in its own repository, then update the submodule in this base; take this edit out of the plan.'
    },
    'edit-path-not-markdown': {
      title: '{{path}} is not a Markdown document (.md).',
      action: 'A plan changes .md documents only: choose one in the list, then preview again.'
    },
    'section-content-heading': {
      title: 'The new text of the section “{{section}}” of {{path}} does not start with its heading.',
      action:
        'Keep a level-{{level}} heading as its first line ({{hashes}} …) — you may rename it — then preview again.'
    },
    'document-not-utf8': {
      title: '{{path}} is not plain UTF-8 text: changing it would alter its other bytes.',
      action: 'Nothing was written. Save that file as UTF-8 with another program, then preview again.'
    },
    'integrated-into-missing': {
      title:
        '{{path}}, under “Integrated into” for {{id}}, is not in the base, and no change of the plan creates it.',
      action: 'Correct or untick that path, or add a change that creates the document, then preview again.'
    },
    'proposal-not-committed': {
      title: 'The proposal {{id}} is in the proposals folder but not yet in the base’s history.',
      action: 'Nothing was written. Use “Repair” on the base’s inventory to record it, then preview again.'
    },
    'proposal-copy-exists': {
      title: 'A copy of the proposal {{id}} is already at {{path}}.',
      action:
        'Nothing was written. Use “Repair” on the base’s inventory (it keeps the valid copy), then preview again.'
    },
    'frontmatter-unmergeable': {
      title:
        'The fields at the top of {{path}} are written in a way the hub cannot change without risking the others.',
      action:
        'Nothing was written. Correct those fields with another program — or, for a document, change its whole text instead — then try again.'
    },
    'frontmatter-field-invalid': {
      title: 'A field given for {{path}} cannot be written as it is.',
      action:
        'A field’s name is one line of plain text; its value is text, a number, true/false or a [list]. Correct it, then preview again.'
    },
    'document-not-found': {
      title: 'This base has no document {{path}}.',
      action: 'It may have been renamed or removed since. Pick a document in the list.'
    },
    'draft-changed': {
      title: 'This plan was changed in another window.',
      action:
        'Another window or tab saved this plan since this one opened it. Load that version, or keep yours (it replaces the other).'
    },
    'draft-too-large': {
      title: 'This plan is too large to be kept as a draft (over {{megabytes}} MB).',
      action:
        'Your changes stay on this screen, but they are lost if you close it. Make the plan smaller, or preview and resolve it now.'
    },
    'settings-not-saved': {
      title: 'The settings file {{file}} could not be written.',
      action:
        'Nothing was changed. Check that its folder is writable and the disk not full, then change the setting again.'
    },
    'proposal-field-invalid': {
      title: 'The proposal’s field {{field}} breaks the filing rules.',
      action: 'It cannot be filed as it is: correct the file or ask the agent to file it again.'
    },
    'commit-not-found': {
      title: 'This change ({{commit}}) is not in this copy of the base.',
      action:
        'It may have been undone by a sync or belong to another copy. Go back to the history and open one listed there.'
    },
    'unknown-base': {
      title: 'There is no base named “{{name}}”.',
      action: 'It may have been removed or renamed. Go back to the list of bases and choose one that exists.'
    },
    'git-lock-stale': {
      title: 'An interrupted git command left this base locked.',
      action:
        'Nothing was written. Git keeps its lock file ({{file}}) only while a command runs, and never removes one left by a command that stopped. If no git program is working on this base, and no commit message editor is open on it, remove the lock, then try again.'
    },
    'git-lock-recent': {
      title: 'A git program is working on this base right now.',
      action:
        'The lock ({{file}}) was taken again a moment ago, so it was left in place. Wait for that program to finish, then try again.'
    },
    'detached-head': {
      title: 'This copy of the base is not on a branch (it is at version {{commit}}).',
      action:
        'Nothing was written. Someone checked out an older version of it with git, or a git operation (a rebase) is under way: what the hub wrote now would belong to no branch, and disappear from the base when it returns to its branch. Ask whoever did it to bring the base back to its branch, then try again.'
    },
    'base-busy': {
      title: 'This base is busy with another change.',
      action: 'Nothing was written. Wait a moment, then try again.'
    },
    unexpected: {
      title: 'Something unexpected went wrong.',
      action:
        'Nothing was changed. Try again; if it fails again, the technical details below help to report it.'
    },
    'import-source-empty': {
      title: 'No source was given.',
      action: 'Enter the https address of a git repository, or the full path of a folder on this computer.'
    },
    'import-url-unreadable': {
      title: 'This address cannot be read.',
      action: 'Copy the https address shown by the “Clone” button of the repository’s site and paste it here.'
    },
    'import-url-protocol': {
      title: 'Addresses starting with “{{protocol}}” are not supported.',
      action: 'Enter the https address of the repository, or the path of a folder on this computer.'
    },
    'import-url-credentials': {
      title: 'The address contains a user name or a password.',
      action:
        'Remove them from the address (git would store them in clear) and put the token in the token field.'
    },
    'import-url-query': {
      title: 'The address contains parameters (?…) or an anchor (#…).',
      action: 'Enter the repository’s clone address as it is, without anything after it.'
    },
    'import-url-no-path': {
      title: 'The address {{origin}} names no repository.',
      action: 'Add the repository’s path, for example …/organisation/repository.git.'
    },
    'import-url-ssh': {
      title: 'SSH addresses are not supported.',
      action: 'Enter the https address of the repository (and an access token if it is private).'
    },
    'import-path-relative': {
      title: 'The path “{{path}}” is not a full path.',
      action: 'Enter the full path of the folder, starting from the root of the disk.'
    },
    'import-branch-invalid': {
      title: '“{{branch}}” cannot be a branch name.',
      action: 'Check the branch name, or leave the field empty to take the default branch.'
    },
    'import-auth-required': {
      title: 'The repository {{url}} asks to sign in.',
      action:
        'It is private, or the address is wrong (some sites answer this for a repository that does not exist). Check the address, then enter a read access token in the token field.'
    },
    'import-token-refused': {
      title: '{{host}} refused the token (HTTP {{status}}).',
      action:
        'The token is wrong, expired, or cannot read this repository. Create a token with read access to the repository (GitHub: Contents read-only; GitLab: read_repository; Gitea: read:repository) and enter it again.'
    },
    'import-access-denied': {
      title: 'The repository {{url}} refuses access (HTTP {{status}}).',
      action: 'It is private: enter a read access token in the token field, then import again.'
    },
    'import-repo-not-found': {
      title: 'There is no git repository at {{url}} (HTTP {{status}}).',
      action:
        'Check the address: take the one the “Clone” button of the site shows, in https, often ending with .git.'
    },
    'import-server-error': {
      title: 'The server {{host}} has an error (HTTP {{status}}).',
      action: 'The problem is on the server’s side. Try again later.'
    },
    'import-not-git': {
      title: '{{url}} is not a git repository.',
      action:
        'This looks like a web page. Enter the repository’s clone address (the “Clone” button of the site, often ending with .git).'
    },
    'import-branch-missing': {
      title: 'The branch “{{branch}}” does not exist in {{source}}.',
      action:
        'Branches there: {{branches}}. Check the name, or leave the field empty to take the default branch.'
    },
    'import-default-branch-missing': {
      title: '{{source}} names “{{branch}}” as its current branch, but has no such branch.',
      action:
        'Branches there: {{branches}}. Enter one of them in the branch field (--branch on the command line).'
    },
    'import-unreachable': {
      title: 'The server {{host}} cannot be reached ($t(errorReasons.network.{{reason}})).',
      action: 'Check the address and your network connection (proxy, VPN), then try again.'
    },
    'import-clone-failed': {
      title: 'The copy of {{url}} failed.',
      action: 'Nothing was kept. Check the address and try again; the technical details below say more.'
    },
    'import-cancelled': {
      title: 'The import was cancelled.',
      action: 'Nothing was kept. Start it again when you are ready.'
    },
    'import-folder-missing': {
      title: 'The folder {{path}} does not exist.',
      action: 'Check the path: it must be the full path of an existing folder.'
    },
    'import-not-folder': {
      title: '{{path}} is not a folder.',
      action: 'Enter the path of the base’s folder, not of a file inside it.'
    },
    'import-repo-unusable': {
      title: 'The git repository at {{path}} cannot be copied as it is.',
      action:
        'It is incomplete or depends on another repository. Import it from its https address instead, or make it a complete repository first.'
    },
    'import-detached-head': {
      title: 'The repository {{path}} is on no branch.',
      action: 'Enter the branch to import in the branch field.'
    },
    'import-folder-no-branch': {
      title: '{{path}} is a plain folder, not a git repository: it has no branch “{{branch}}”.',
      action: 'Leave the branch field empty.'
    },
    'import-inside-bases': {
      title: '{{path}} is inside the bases folder, or contains it.',
      action:
        'The bases of that folder are already served: there is nothing to import. Choose another folder.'
    },
    'import-not-bundle': {
      title: '{{source}} is not an OKF base: there is no okf-bundle.yaml at its root (branch {{branch}}).',
      action:
        'Check that you chose the right repository, folder or branch. To start a base from nothing, create a new base instead.'
    },
    'import-invalid-bundle': {
      title: 'This base is not valid: the hub could not serve it.',
      action: 'Its author must correct what is listed below; then import it again.'
    },
    'import-staged-elsewhere': {
      title: 'Another import waiting for confirmation already holds the base “{{name}}”.',
      action: 'Confirm or discard that import first.'
    },
    'import-not-pending': {
      title: 'This import is no longer waiting for confirmation.',
      action: 'It was already confirmed or discarded, or the hub restarted. Start the import again.'
    },
    'import-job-running': {
      title: 'This import is still running.',
      action: 'Wait until the copy and the checks are finished.'
    },
    'import-failed': {
      title: 'The import failed.',
      action: 'Nothing was kept. Try again; the technical details below say what happened.'
    },
    'dir-name-invalid': {
      title: 'The folder name “{{name}}” cannot be used: $t(errorReasons.dirName.{{reason}})',
      action: 'Choose another name.'
    },
    'dir-taken': {
      title: 'A folder named “{{name}}” already exists in the bases folder.',
      action: 'Choose another name, or move the existing folder away first.'
    },
    'restore-dir-taken': {
      title: 'A folder named “{{name}}” is in the bases folder again: this base goes back under that name.',
      action:
        'Move or rename that folder first (or move its base to the trash from its page), then restore again.'
    },
    'dir-in-use': {
      title: 'Another import in progress is already writing the folder “{{name}}”.',
      action: 'Choose another folder name, or wait until that import is finished.'
    },
    'base-name-taken': {
      title: 'A base named “{{name}}” is already served (from the folder “{{holder}}”).',
      action:
        'Two bases cannot have the same name. Remove that base first (to the trash), or rename one of them (the name field of its okf-bundle.yaml).'
    },
    'new-base-name-invalid': {
      title: 'The name “{{name}}” cannot be used.',
      action:
        'Use lowercase letters without accents, digits and hyphens only (for example team-guide): it is both the folder’s name and the base’s name.'
    },
    'new-base-text-invalid': {
      title: '$t(errorReasons.field.{{field}}): $t(errorReasons.text.{{reason}})',
      action: 'Write it on one line, with at most {{max}} characters.'
    },
    'install-incomplete': {
      title: 'The installation of OKF Hub is incomplete.',
      action: 'The base template shipped with the app is missing or damaged. Reinstall OKF Hub.'
    },
    'new-base-failed': {
      title: 'The base “{{name}}” could not be created.',
      action: 'Nothing was kept. Try again; the technical details below say what happened.'
    },
    'trash-entry-missing': {
      title: 'This base is no longer in the trash.',
      action: 'Reload the list of the trash.'
    },
    'restore-failed': {
      title: 'The base could not be put back.',
      action: 'It is still in the trash. Try again; the technical details below say what happened.'
    },
    'host-not-installed': {
      title: 'This app does not seem to be installed here.',
      action: 'Its folder {{folder}} was not found. Registering creates {{file}} anyway.'
    },
    'host-not-registered': {
      title: 'OKF Hub is not registered in {{file}}.',
      action: 'Register it to let this app find your bases.'
    },
    'host-entry-foreign': {
      title: 'The entry in {{file}} does not start this OKF Hub (another command or an old installation).',
      action: 'Repair replaces it (a backup is made first).'
    },
    'host-config-invalid-json': {
      title: 'The configuration file {{file}} is not valid JSON (line {{line}}, column {{column}}).',
      action: 'Correct it there (or restore its backup); nothing is written into it before.'
    },
    'host-config-not-written': {
      title: '{{file}} could not be written ({{reason}}); it was left as it was.',
      action:
        'Check that the file and its folder can be written to (permissions, disk space), then try again.'
    },
    'host-config-unreadable': {
      title: 'The configuration file {{file}} cannot be read.',
      action:
        'It is not valid JSON, or it cannot be opened. Correct it (or restore its backup); nothing is written into it before.'
    },
    'host-entry-malformed': {
      title: 'The OKF Hub entry is damaged ($t(errorReasons.entryPart.{{part}})).',
      action: 'Repair writes the entry again (a backup is made first).'
    },
    'host-command-relative': {
      title: 'The command “{{command}}” is not a full path.',
      action:
        'The app would search it in its own PATH, often different from yours. Repair writes the full path.'
    },
    'host-command-missing': {
      title: 'The command {{command}} no longer exists.',
      action: 'The application was probably moved, updated or uninstalled. Repair writes the entry again.'
    },
    'host-script-missing': {
      title: 'The server script {{script}} no longer exists.',
      action: 'Its folder was moved or deleted. Repair writes the entry again.'
    },
    'host-server-not-ours': {
      title: 'The command starts an MCP server that is not OKF Hub ({{missing}} missing).',
      action: 'Repair writes the entry of this OKF Hub again.'
    },
    'host-server-no-start': {
      title: 'The command {{command}} does not start ({{detail}}).',
      action: 'Repair writes the entry again.'
    },
    'host-server-exited': {
      title: 'The server stopped without answering ({{how}}).',
      action:
        'Its last message: {{detail}}. Repair writes the entry again; if it keeps failing, report that message.'
    },
    'host-server-timeout': {
      title: 'The server did not answer within {{seconds}} s.',
      action: 'Its last message: {{detail}}. Check again in a moment; if it keeps failing, repair the entry.'
    },
    'host-server-not-mcp': {
      title: 'The server did not answer as an MCP server.',
      action: 'What it said: {{detail}}. Repair writes the entry again.'
    }
  },
  errorReasons: {
    network: {
      'no-answer': 'no answer',
      stalled: 'nothing received any more',
      ENOTFOUND: 'unknown host name',
      EAI_AGAIN: 'the host name cannot be looked up right now',
      ECONNREFUSED: 'connection refused',
      ECONNRESET: 'connection cut by the server',
      ETIMEDOUT: 'connection timed out',
      EHOSTUNREACH: 'host unreachable',
      ENETUNREACH: 'network unreachable',
      EPIPE: 'connection cut',
      CERT_HAS_EXPIRED: 'the server’s certificate has expired',
      DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
      SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
      UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate cannot be verified',
      ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for another name'
    },
    dirName: {
      empty: 'it is empty.',
      control: 'it contains a control character.',
      slash: 'it cannot contain / or \\.',
      hidden: 'it cannot start with a dot (hidden folders are ignored).',
      'windows-chars': 'it cannot contain < > : " | ? * (forbidden on Windows).',
      trailing: 'it cannot end with a space or a dot (forbidden on Windows).',
      'leading-space': 'it cannot start with a space.',
      reserved: 'it is a reserved name on Windows.',
      'too-long': 'it is too long (at most 255 bytes).'
    },
    field: {
      title: 'The title',
      description: 'The description'
    },
    text: {
      empty: 'it is required.',
      control: 'it must hold on one line, without tabs.',
      'too-long': 'it is too long.'
    },
    entryPart: {
      entry: 'not an object',
      command: 'no command',
      args: 'its arguments are not a list of texts',
      env: 'its env is not a set of texts'
    }
  },
  afterRegister: {
    'claude-desktop':
      'Quit Claude Desktop completely and open it again: it reads its MCP servers only when it starts.',
    'claude-code': 'New Claude Code sessions find it; a session already open must be restarted.',
    cursor: 'Cursor reloads its MCP servers; if OKF Hub does not appear in its MCP settings, restart Cursor.',
    vscode:
      'VS Code reads its MCP configuration again; start OKF Hub from its list of MCP servers if it is not running.'
  },
  syncAlerts: {
    'moved-to-inbox': {
      title: '{{branch}} is protected: this hub now files on its inbox',
      action:
        'Nothing to do: your proposals are on the remote in {{inbox}} and the manager integrates them. Their status stays pending until the manager decides.'
    },
    'push-refused': {
      title: 'The remote refused the push',
      action:
        'Nothing was lost: the commits stay on this computer. Check the remote’s branch rules (contributors may push okf-hub/inbox/*, the manager may push the main branch) and the token, then sync again.'
    },
    'inbox-problem': {
      title: 'A contributor’s inbox could not be integrated',
      action:
        'The commits stay in {{inbox}}; nothing was dropped. Ask its owner to sync again, or look at the commit with git.'
    },
    'stays-behind': {
      title: 'This hub stays behind the remote',
      action: 'Commit or undo the local changes in the way, then sync again.'
    }
  }
}
