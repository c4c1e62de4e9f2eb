import type { SyncStatus } from '../../shared/hub-api'
import { TOKEN_ENV } from '../../engine/git/auth'
import type { CliMessages } from './en'

/** Les messages propres du CLI en français : exactement les clés anglaises (le type l'exige). */
export const fr: CliMessages = {
  main: {
    usage: `usage: okf-hub <commande> [options]

  serve   [--bases DIR] [--config FILE] [--verbose]   serveur MCP stdio (pour Claude Desktop et tout hôte MCP)
  serve --http [--port N]                            le même serveur en Streamable HTTP sur 127.0.0.1 (jeton : OKF_HUB_HTTP_TOKEN)
  tool    <kb_outil> ['<arguments JSON>'] [--bases DIR] [--config FILE]
                                                     un appel d'outil, texte sur stdout (code 1 si erreur)
  lock    <base> -- <commande…>                      exécute une commande sous le verrou d'écriture de la base
  review  reconcile|context|inventory|resolve <base> [--apply|--full|--plan FICHIER [--dry-run]] [--json]
                                                     revue des propositions (okf-hub review --help)
  ui      [--port N] [--no-open] [--bases DIR]       l'interface du gestionnaire dans le navigateur (127.0.0.1)
  import  <url-git|dossier> [--name DIR] [--branch B] [--yes]
                                                     importe une base (clone git ; jeton : OKF_HUB_GIT_TOKEN)
  new     <nom> --title … --description …            crée une base à partir du modèle
  register [--host H] [--remove] [--check] [--json]  inscrit le serveur dans Claude Desktop, Claude Code, Cursor, VS Code
  sync    [<base>|--all] [--push] [--json]           synchronise les bases avec leur dépôt distant
  insights <base> [--json]                           ce que les agents n'ont pas trouvé dans une base, et ce qu'ils ont lu
  --version | --help

Configuration : --bases, sinon OKF_HUB_BASES, sinon bases-dir de hub-config.yaml
(--config, OKF_HUB_CONFIG, ou <données utilisateur>/hub-config.yaml), sinon <données utilisateur>/bases.
`,
    unknownCommand: (cmd: string): string => `okf-hub: commande inconnue : ${cmd}`,
    unexpected: (detail: string): string => `okf-hub: erreur inattendue : ${detail}`,
    needsValue: (option: string): string => `--${option} attend une valeur`,
    badUsage: 'usage incorrect',
    usageLine: (name: string, message: string): string => `okf-hub ${name} : ${message}`,
    serveUsage:
      'usage: okf-hub serve [--http [--port N]] [--bases DIR] [--config FILE] [--verbose]\n\n  Le serveur MCP sur stdio (ce que lance une application d’IA), ou en Streamable HTTP sur 127.0.0.1.\n',
    toolUsage:
      "usage: okf-hub tool <kb_outil> ['<arguments JSON>'] [--bases DIR] [--config FILE]\n\n  Un appel d'outil par le code du serveur MCP, son texte sur la sortie standard ; code 1 quand l'outil répond une erreur.\n",
    badToolArguments: (why: string): string => `okf-hub tool : arguments JSON illisibles (${why})`
  },
  ui: {
    usage: `usage: okf-hub ui [--port N] [--host H [--allow-remote]] [--bases DIR] [--config FILE] [--no-open] [--verbose]

  Sert l'interface du gestionnaire sur http://127.0.0.1 (jamais sur le réseau) et affiche
  l'adresse à ouvrir ; elle contient un jeton propre à ce démarrage. Ctrl+C arrête.
  --port N        port fixe (par défaut : un port libre)
  --host H        adresse d'écoute de la boucle locale (127.0.0.1 par défaut, ::1)
  --allow-remote  accepte une adresse hors boucle locale (0.0.0.0…) : HTTP en clair, à éviter
  --no-open       ne pas ouvrir le navigateur
`,
    browserMissing: (cmd: string): string =>
      `okf-hub ui : navigateur non ouvert (${cmd} absent) — ouvrez l'adresse ci-dessus`,
    browserFailed: "okf-hub ui : navigateur non ouvert — ouvrez l'adresse ci-dessus",
    hostNeedsValue: '--host attend une adresse',
    portRange: '--port attend un entier entre 0 et 65535',
    unknownArgument: (a: string): string => `argument inconnu : ${a}`,
    notBuilt: 'okf-hub ui : interface non construite (out/renderer absent) — lancez « npm run build »',
    listenFailed: (where: string, why: string): string =>
      `okf-hub ui : écoute impossible sur ${where} (${why})`,
    portInUse: (where: string): string =>
      `okf-hub ui : ${where} est déjà utilisé (un autre okf-hub ui, ou un autre programme) — choisissez un autre --port, ou omettez --port pour en prendre un libre`,
    said: (msg: string): string => `okf-hub ui : ${msg}`,
    hostInvalid: (host: string): string => `okf-hub ui : adresse d'écoute invalide : ${JSON.stringify(host)}`,
    hostNotLoopback: (host: string): string =>
      `okf-hub ui : écoute sur ${host} refusée : l'interface n'écoute que sur la boucle locale (127.0.0.1, ::1). Pour l'exposer au réseau malgré tout, ajoutez --allow-remote (HTTP non chiffré : le jeton et les données circulent en clair).`,
    remoteWarning: (host: string): string =>
      `okf-hub ui : ATTENTION : écoute sur ${host}, accessible depuis le réseau, en HTTP non chiffré — le jeton et les données circulent en clair, et quiconque a le jeton peut résoudre des propositions. N'utilisez --allow-remote que sur un réseau de confiance.`,
    basesLine: (dir: string): string => `Bases : ${dir} — Ctrl+C pour arrêter`
  },
  lock: {
    usage: `usage: okf-hub lock <base> -- <commande...>

  <base>  nom de la base (champ \`name\` du manifeste okf-bundle.yaml),
          pas le nom du répertoire dans le dossier des bases.

exemple:
  okf-hub lock ma-base -- sh -c "git add knowledge/ && git commit -m 'integrate: …'"

sortie:
  64  usage incorrect
   3  base inconnue
  75  base occupée : verrou non acquis dans le délai (équivalent de BASE_BUSY)
  sinon le code de sortie de la commande
`,
    badTimeout: (raw: string): string =>
      `okf-hub lock : OKF_LOCK_TIMEOUT invalide : '${raw}' (secondes attendues)`,
    unknownBase: (base: string, names: string[]): string =>
      `okf-hub lock : base '${base}' inconnue. Bases disponibles : ${names.length ? names.join(', ') : 'aucune'}`,
    busy: (detail: string, seconds: number): string =>
      `okf-hub lock : ${detail} (verrou non acquis en ${seconds} s)`
  },
  insights: {
    usage: `usage : okf-hub insights <base> [--json] [--bases DIR] [--config FICHIER]

  Ce que les agents n'ont pas trouvé dans une base, d'après le journal d'usage des serveurs MCP de
  cette machine : lacunes ouvertes classées par nombre de sessions, avec leurs requêtes ; lacunes
  fermées depuis (et le commit qui les a fermées) ou écartées ; documents et sections les plus lus,
  documents qu'aucun agent n'a lus depuis 90 jours, propositions par auteur et délai de décision.
  Les requêtes de chaque lacune sont relancées sur le corpus actuel (une lacune se ferme quand
  elles trouvent une réponse). --json imprime tous les chiffres, avec gaps: [{ id, status, queries, sessions, … }].
  Codes de sortie : 0, 3 base inconnue, 64 usage, 2 configuration invalide, 1 autre échec.
`,
    oneBase: 'nommez une base',
    unknownOption: (a: string): string => `option inconnue : ${a}`,
    title: (base: string, events: number, since: string | null): string =>
      `Insights de ${base} — ${events} événement(s) du journal${since ? ` depuis le ${since.slice(0, 10)}` : ''}`,
    noJournal: "Aucune activité d'agent enregistrée pour cette base (journal d'usage vide ou désactivé).",
    openHeading: (n: number): string => `Lacunes ouvertes (${n}), par sessions :`,
    noOpen: 'Aucune lacune ouverte.',
    gapLine: (rank: number, id: string, sessions: number, count: number, last: string): string =>
      `  ${rank}. ${id}  ${sessions} session(s), ${count} recherche(s), dernière le ${last.slice(0, 10)}`,
    queries: 'requêtes',
    shown: 'montrés',
    closedHeading: (n: number): string => `Lacunes fermées (${n}) :`,
    closedLine: (id: string, commit: string | null, at: string): string =>
      `  ${id}  fermée le ${at.slice(0, 10)}${commit ? ` par ${commit.slice(0, 10)}` : ''}`,
    dismissedHeading: (n: number): string => `Hors sujet pour cette base (${n}) :`,
    mostRead: 'Documents les plus lus :',
    readLine: (path: string, reads: number, sessions: number): string =>
      `  ${path}  ${reads} lecture(s), ${sessions} session(s)`,
    mostReadSections: 'Sections les plus lues :',
    sectionLine: (path: string, section: string, reads: number): string =>
      `  ${path} § ${section}  ${reads} lecture(s)`,
    nothingRead: '  (aucun)',
    unread: (total: number, days: number): string =>
      `Documents qu'aucun agent n'a lus depuis ${days} jours : ${total}`,
    more: (n: number): string => `  … et ${n} autre(s) (--json en liste 50)`,
    submitters: 'Propositions par auteur :',
    submitterLine: (who: string, p: number, a: number, r: number): string =>
      `  ${who}  ${p} en attente, ${a} acceptée(s), ${r} rejetée(s)`,
    decision: (decided: number, median: string, mean: string): string =>
      decided === 0
        ? 'Délai de décision : aucune proposition décidée.'
        : `Délai de décision : médiane ${median}, moyenne ${mean} (${decided} décidée(s))`
  },
  sync: {
    usage: `usage: okf-hub sync [<base>|--all] [--push] [--json] [--bases DIR] [--config FILE]
       okf-hub sync <base> --set-aside [--plan-out FILE] [--json]

  Récupère la branche de chaque base depuis son dépôt distant (git : l'amont de la branche, sinon
  origin) et avance rapidement quand la base est seulement en retard — jamais de fusion, jamais de
  réécriture de l'historique local, jamais un fichier modifié localement écrasé.
  --push   envoie aussi les commits locaux ; si le dépôt distant a bougé, les propositions et
           résolutions du hub sont rejouées sur sa nouvelle version (mêmes fichiers, mêmes messages)
  --all    toutes les bases (par défaut sans <base>)
  --json   la liste des états (SyncStatus de src/shared/hub-api.ts)

  --set-aside  base divergée par des résolutions du hub : les garde dans une branche
           okf-hub/set-aside/<heure>, ramène la base sur la version distante (les propositions
           locales rejouées) et reconstruit le plan des résolutions mises de côté — écrit dans
           --plan-out FILE (jamais écrasé), sinon sur la sortie standard ; à prévisualiser avec
           okf-hub review resolve <base> --plan FILE --dry-run, puis à résoudre de nouveau

  Modes (réglage sync-mode de la base dans hub-config.yaml) : auto (par défaut : pousse la branche,
  et passe de lui-même à sa boîte de dépôt si le dépôt distant la refuse comme protégée), main,
  inbox (les propositions vont dans okf-hub/inbox/<id du hub>, une branche que seul ce hub écrit),
  manager (pousse la branche et y intègre les propositions de toutes les boîtes de dépôt).

  Jeton : OKF_HUB_GIT_TOKEN (jamais en argument, jamais écrit sur disque).

Une ligne par base : <base>  <état>  <explication>. États : à jour, en retard, en avance, divergée,
injoignable, authentification requise, sans dépôt distant, erreur.

Codes de sortie : 0 tout est à jour (ou sans dépôt distant, ou en avance sans --push) ;
1 une base demande une intervention (divergée, modifications locales en travers, erreur) ;
75 un dépôt distant injoignable (réessayer plus tard) ; 77 authentification requise ou jeton refusé ;
3 base inconnue ; 2 configuration invalide ; 64 usage incorrect. Plusieurs bases : le plus grave
l'emporte (1, puis 77, puis 75).
`,
    states: {
      'up-to-date': 'à jour',
      behind: 'en retard',
      ahead: 'en avance',
      diverged: 'divergée',
      unreachable: 'injoignable',
      'auth-required': 'authentification requise',
      'no-remote': 'sans dépôt distant',
      error: 'erreur'
    },
    // En français, la phrase du moteur (ce que le CLI a toujours écrit).
    explain: (s: SyncStatus): string => s.message,
    noBases: (dir: string): string => `aucune base dans ${dir}`,
    planOutNeedsFile: '--plan-out demande un fichier',
    unknownOption: (a: string): string => `option inconnue : ${a}`,
    oneBase: 'une seule base, ou --all',
    baseOrAll: '<base> et --all s’excluent',
    setAsideOne: '--set-aside : une seule <base>, sans --push',
    planOutOnlyWithSetAside: '--plan-out ne va qu’avec --set-aside',
    planNotWritten: (file: string, why: string): string =>
      `okf-hub sync : plan non écrit dans ${file} (${why}) ; le voici :\n`,
    setAsideDone: (base: string, n: number, keptAt: string, remote: string, replayed: number): string =>
      `${base}  mise de côté  ${n} résolution${n === 1 ? '' : 's'} gardée${n === 1 ? '' : 's'} dans la branche ` +
      `${keptAt} ; la base suit ${remote} (${replayed} commit(s) local(aux) rejoué(s))\n`,
    planRebuilt: (base: string, planOut: string | null): string =>
      `Plan reconstruit${planOut ? ` : ${planOut}` : ' (sur la sortie standard)'}. Prévisualisez : ` +
      `okf-hub review resolve ${base} --plan ${planOut ?? 'plan.json'} --dry-run\n`
  },
  register: {
    usage:
      (): string => `usage: okf-hub register [--host H]… [--remove | --check] [--json] [--bases DIR] [--config FILE]

  Inscrit le serveur MCP d'OKF Hub (entrée « okf-hub ») dans la configuration utilisateur d'un
  hôte : seule cette entrée change, le reste du fichier (autres serveurs, commentaires, ordre,
  indentation) reste octet pour octet ; un fichier illisible est refusé, jamais réécrit. Avant
  chaque modification, une copie horodatée va dans <données utilisateur>/backups/hosts/<hôte>/
  (les 5 dernières par fichier sont gardées).

  --host H    claude-desktop (par défaut), claude-code, cursor, vscode, ou all ; répétable
  --remove    retire l'entrée « okf-hub » (et rien d'autre)
  --check     n'écrit rien : dit si l'entrée est là et si sa commande démarre vraiment le serveur
              (lancée comme l'hôte la lance : chemin absolu, son env seul, dossier /, puis
              initialize + tools/list)
  --json      sortie JSON : {"action":…,"hosts":[HostRegistration + "files"|"error"]}
  --bases, --config   les bases que l'hôte servira (écrites dans l'entrée si elles diffèrent
              de celles qu'il trouverait seul)

Commande écrite : ce node (${process.execPath}) et le script construit out/main/mcp/server.js ;
l'application de bureau écrit son propre exécutable avec ELECTRON_RUN_AS_NODE=1.

Codes de sortie : 0 fait (--check : inscrit et fonctionne partout), 1 --check : absent ou en
panne quelque part, 4 refus (fichier de configuration illisible, hôte inconnu), 5 erreur
d'entrée/sortie (verrou, écriture), 2 configuration d'OKF Hub invalide, 64 usage incorrect.
`,
    needsValue: '--host attend une valeur',
    unknownHost: (v: string): string =>
      `hôte inconnu : ${v} (claude-desktop, claude-code, cursor, vscode ou all)`,
    unknownArgument: (a: string): string => `argument inconnu : ${a}`,
    removeAndCheck: '--remove et --check ne vont pas ensemble',
    checkState: (present: boolean, working: boolean | null): string =>
      !present
        ? 'pas inscrit'
        : working === true
          ? 'inscrit, le serveur démarre et répond'
          : working === false
            ? 'inscrit, mais le serveur ne démarre pas'
            : 'inscrit (non vérifié)',
    file: 'fichier',
    registered: (changed: boolean): string => (changed ? 'inscrit' : 'déjà inscrit, rien écrit'),
    removed: (changed: boolean): string =>
      changed ? 'entrée retirée' : 'aucune entrée « okf-hub », rien écrit',
    fileState: (changed: boolean, created: boolean): string =>
      changed ? (created ? 'créé' : 'modifié') : 'inchangé',
    backup: 'sauvegarde',
    problem: 'problème',
    next: 'ensuite'
  },
  import: {
    usage:
      (): string => `usage: okf-hub import <url-git|dossier> [--name DIR] [--branch B] [--yes] [--json] [--bases DIR] [--config FILE]

  <url-git>    adresse https du dépôt (bouton « Clone » de l'hébergeur), historique complet
  <dossier>    chemin absolu : un dépôt git (importé avec son historique) ou un simple dossier
               (il devient un dépôt, premier commit par okf-hub)
  --name DIR   nom du dossier sous le dossier des bases (sinon : le nom du dépôt ou du dossier)
  --branch B   la branche à importer (sinon : la branche par défaut, ou la branche courante)
  --yes        servir la base sans poser la question (après avoir lu ce qu'elle dira aux agents)
  --json       résultat en JSON sur stdout ; en erreur : {"error":{"code":…,"message":…}}

Dépôt privé : le jeton d'accès (lecture) se donne par la variable ${TOKEN_ENV}, ou, sur un
terminal, à l'invite masquée quand le serveur le demande — jamais en argument (la ligne de
commande est lisible par les autres utilisateurs de la machine). Il n'est ni écrit ni journalisé.

Avant d'être servie, la base est montrée : son okf-bundle.yaml, son GOVERNANCE.md et son CLAUDE.md
atteignent le contexte de chaque agent. Question « Servir cette base à vos agents ? [o/N] » sur
un terminal ; sans terminal, --yes est nécessaire.

Codes de sortie : 0 base servie, 1 non servie (refus à la question, ou pas de terminal sans --yes),
4 import refusé (ERROR: <CODE>: … sur stderr : authentification, branche, pas une base, base
invalide, nom déjà pris), 5 erreur d'entrée/sortie ou réseau, 2 configuration invalide,
64 usage incorrect, 130 interrompu (Ctrl-C : rien n'est gardé).
`,
    needsValue: (key: string): string => `--${key} attend une valeur`,
    tokenInArgv: `pas de jeton en argument : la ligne de commande est lisible par les autres utilisateurs de la machine (ps) et reste dans l'historique du shell. Donnez-le par la variable ${TOKEN_ENV}, ou à l'invite masquée qui s'affiche sur un terminal quand le serveur le demande`,
    unknownOption: (a: string): string => `option inconnue : ${a}`,
    missingSource: "okf-hub import attend l'URL d'un dépôt git ou le chemin d'un dossier",
    extraArgument: (extra: string): string => `argument en trop : ${extra}`,
    phases: {
      preparing: 'préparation',
      counting: 'décompte des objets',
      compressing: 'compression des objets',
      receiving: 'réception des objets',
      resolving: 'résolution des deltas',
      'checking-out': 'extraction des fichiers',
      copying: 'copie',
      validating: 'validation',
      done: 'terminé'
    },
    ready: (base: string, dir: string): string =>
      `Base '${base}' prête à être servie depuis le dossier '${dir}'`,
    source: (source: string, branch: string | null): string =>
      `  source : ${source}${branch ? ` (branche ${branch})` : ''}`,
    figures: (commits: number, documents: number, head: string | null): string =>
      `  ${commits} commit(s), ${documents} document(s), tête ${head ?? '(aucune)'}`,
    warning: 'avertissement',
    absent: '(absent)',
    beforeFirstUse:
      'Avant la première utilisation (SPEC §8) : ces textes atteindront le contexte de chaque agent.',
    readThem: 'Lisez-les ; ils viennent de la source, pas du hub.',
    askToken: "Le serveur demande un jeton d'accès (saisie masquée, Entrée pour abandonner) : ",
    interrupted: "import interrompu : rien n'a été gardé",
    noTerminal: (base: string): string =>
      `base '${base}' non servie : sans terminal, la question « Servir cette base à vos agents ? » ne peut pas être posée. Lisez les textes ci-dessus, puis relancez avec --yes — rien n'a été gardé`,
    question: 'Servir cette base à vos agents ? [o/N] ',
    yes: /^(o|oui|y|yes)$/i,
    refused: (base: string): string => `base '${base}' non servie : rien n'a été gardé`,
    refusedJson: 'refusé à la question',
    served: (name: string, dir: string): string =>
      `base '${name}' servie depuis ${dir} — les serveurs MCP déjà lancés la voient dès leur prochaine requête`
  },
  review: {
    usage: `usage: okf-hub review <sous-commande> <base> [options] [--json] [--bases DIR] [--config FILE]

  reconcile <base> [--apply]                  étape 0 : propositions écrites mais non commitées, doublons
                                              entre dossiers, status en désaccord, fichiers temporaires,
                                              verrous git laissés par des commandes interrompues
  context   <base>                            GOVERNANCE.md, schema.yaml, structure du corpus, compteurs
  inventory <base> [--full]                   propositions en attente, par date, groupées par sujet
  resolve   <base> --plan p.json [--dry-run]  un plan = un commit ; --plan - lit le plan sur stdin ;
            [--basis B]                       --dry-run montre diffs, déplacements et message sans rien écrire,
                                              et son « basis » ; --basis B écrit exactement cet aperçu ou
                                              refuse (exit 4, rien d'écrit) si un fichier lu a changé depuis

  <base>   nom de la base (champ \`name\` du manifeste), pas le nom du répertoire.
  --json   sortie JSON (DTO de src/shared/review.ts) ; en erreur : {"error":{"code":…,"message":…}}

Sujet du commit de résolution :
  integrate: <id> — <summary>                                  une proposition, acceptée
  reject: <id> — <summary>                                     une proposition, rejetée
  integrate: <n> proposals — <summary>                         plusieurs, toutes acceptées
  reject: <n> proposals — <summary>                            plusieurs, toutes rejetées
  resolve: <n> proposals (<a> integrated, <r> rejected) — <summary>   plusieurs, mixte
  puis, dans l'ordre du plan, « Proposal: <id> » et « Submitted-By: … » par proposition,
  et un « Reviewed-By: <reviewed_by> ». Réparations de reconcile : « reconcile: <n> repair(s) ».

Codes de sortie : 0 succès, 4 erreur métier (ERROR: <CODE>: … sur stderr), 5 erreur d'entrée/sortie
ou plan JSON illisible, 2 configuration invalide, 64 usage incorrect.
`,
    planNeedsFile: '--plan attend un fichier (ou - pour stdin)',
    onePlan: 'une seule option --plan par appel (un plan = un commit)',
    basisNeedsValue: '--basis attend la valeur affichée par --dry-run',
    unknownOption: (a: string): string => `option inconnue : ${a}`,
    missingSub: 'sous-commande manquante',
    unknownSub: (s: string): string => `sous-commande inconnue : ${s}`,
    needsBase: (s: string): string => `okf-hub review ${s} attend le nom d'une base`,
    extra: (a: string): string => `argument en trop : ${a}`,
    applyOnly: "--apply ne va qu'avec reconcile",
    fullOnly: "--full ne va qu'avec inventory",
    planOnly: "--plan et --dry-run ne vont qu'avec resolve",
    resolveNeedsPlan: 'resolve exige --plan <fichier>',
    basisOnly: "--basis ne va qu'avec resolve, sans --dry-run",
    planUnreadable: (file: string, detail: string): string => `plan illisible (${file}) : ${detail}`,
    planNotJson: (file: string, detail: string): string => `plan JSON illisible (${file}) : ${detail}`
  },
  new: {
    usage: `usage: okf-hub new <nom> --title "…" --description "…" [--lang fr|en] [--bases DIR] [--config FILE] [--json]

  Crée une base à partir du modèle d'OKF Hub, dans le dossier des bases : son propre dépôt git,
  un premier commit, une gouvernance en brouillon (status: draft) à valider, et INSTANTIATE.md,
  la liste des étapes pour en faire une vraie base.

  <nom>           nom du dossier et champ name du manifeste : [a-z0-9-]+
  --title         titre lisible, une ligne, 100 caractères au plus
  --description   une à trois phrases sur une ligne, 500 caractères au plus
  --lang          langue du modèle (règles, guide, exemple) : fr ou en ; par défaut celle
                  de l'environnement (LC_ALL, LC_MESSAGES, LANG : fr… → fr, sinon en)
  --json          sortie JSON ; en erreur : {"error":{"code":…,"message":…}}

Codes de sortie : 0 base créée, 4 refus (nom pris ou invalide, titre ou description refusés),
5 erreur d'entrée/sortie, 2 configuration invalide, 64 usage incorrect.
`,
    needsValue: (key: string): string => `--${key} attend une valeur`,
    givenTwice: (key: string): string => `--${key} donné deux fois`,
    unknownOption: (a: string): string => `option inconnue : ${a}`,
    badLang: (v: string): string => `--lang attend fr ou en (reçu ${v})`,
    missingName: 'nom de la base manquant',
    extraArgument: (extra: string): string => `argument en trop : ${extra}`,
    required: (key: string): string => `--${key} est obligatoire`,
    created: (name: string, dir: string, head: string): string =>
      `Base '${name}' créée dans ${dir} (premier commit ${head}).\n` +
      `Sa gouvernance est un brouillon (status: draft) : suivez INSTANTIATE.md pour en faire une vraie base.\n` +
      `Les serveurs MCP déjà lancés la voient dès leur prochaine requête.\n`
  }
}
