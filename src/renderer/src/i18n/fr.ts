import type { en } from './en'
import { hostNames } from './host-names'
import type { Resources } from './types'
import { sharedFr } from '../../../shared/words/fr'

/** Ressources françaises : exactement les clés anglaises (le type l'exige). */
export const fr: Resources<typeof en> = {
  common: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    cancel: 'Annuler',
    close: 'Fermer',
    dismiss: 'Masquer',
    save: 'Enregistrer',
    saved: 'Enregistré',
    required: '(obligatoire)'
  },
  time: {
    now: 'à l’instant',
    yesterday: 'hier',
    tomorrow: 'demain',
    secondsAgo_one: 'il y a {{count}} seconde',
    secondsAgo_other: 'il y a {{count}} secondes',
    minutesAgo_one: 'il y a {{count}} minute',
    minutesAgo_other: 'il y a {{count}} minutes',
    hoursAgo_one: 'il y a {{count}} heure',
    hoursAgo_other: 'il y a {{count}} heures',
    daysAgo_one: 'il y a {{count}} jour',
    daysAgo_other: 'il y a {{count}} jours',
    weeksAgo_one: 'il y a {{count}} semaine',
    weeksAgo_other: 'il y a {{count}} semaines',
    monthsAgo_one: 'il y a {{count}} mois',
    monthsAgo_other: 'il y a {{count}} mois',
    yearsAgo_one: 'il y a {{count}} an',
    yearsAgo_other: 'il y a {{count}} ans',
    inSeconds_one: 'dans {{count}} seconde',
    inSeconds_other: 'dans {{count}} secondes',
    inMinutes_one: 'dans {{count}} minute',
    inMinutes_other: 'dans {{count}} minutes',
    inHours_one: 'dans {{count}} heure',
    inHours_other: 'dans {{count}} heures',
    inDays_one: 'dans {{count}} jour',
    inDays_other: 'dans {{count}} jours',
    inWeeks_one: 'dans {{count}} semaine',
    inWeeks_other: 'dans {{count}} semaines',
    inMonths_one: 'dans {{count}} mois',
    inMonths_other: 'dans {{count}} mois',
    inYears_one: 'dans {{count}} an',
    inYears_other: 'dans {{count}} ans'
  },
  nav: {
    skip: 'Aller au contenu',
    overview: 'Toutes les bases',
    bases: 'Bases',
    settings: 'Réglages',
    noBases: 'Aucune base pour l’instant.',
    import: 'Importer une base',
    newBase: 'Nouvelle base',
    manage: 'Gérer',
    hosts: 'Applications d’IA',
    trash: 'Corbeille'
  },
  live: {
    connecting: 'Connexion…',
    live: 'En direct',
    disconnected: 'Déconnecté',
    connectingHint: 'Connexion au hub pour être prévenu des nouvelles propositions.',
    liveHint: 'Les nouvelles propositions et décisions apparaissent ici d’elles-mêmes.',
    disconnectedHint:
      'La connexion au hub est perdue : les écrans ne se mettent plus à jour seuls. L’application réessaie toutes les quelques secondes.'
  },
  errors: {
    UNKNOWN_BASE: {
      title: 'Le hub ne connaît pas cette base.',
      action:
        'Elle a peut-être été déplacée ou retirée. Relancez la recherche des bases depuis la vue d’ensemble.'
    },
    NOT_FOUND: {
      title: 'L’élément demandé est introuvable.',
      action: 'Il a peut-être été déplacé, renommé ou déjà résolu. Rechargez la liste et réessayez.'
    },
    INVALID_INPUT: {
      title: 'Le hub a refusé cette demande.',
      action: 'Corrigez ce que nomme le message ci-dessous, puis réessayez.'
    },
    BASE_BUSY: {
      title: 'Un autre programme est en train d’écrire dans cette base.',
      action: 'Réessayez dans un instant ; rien n’a été modifié.'
    },
    IO_ERROR: {
      title: 'Le hub n’a pas pu lire ou écrire un fichier.',
      action:
        'Vérifiez que le dossier existe et qu’il est accessible en écriture, puis réessayez. Le journal du hub donne le détail.'
    },
    UNAUTHORIZED: {
      title: 'Cette page n’a plus le droit de parler au hub.',
      action:
        'Rouvrez l’adresse complète affichée par « okf-hub ui » (elle contient la clé de cette session).'
    },
    TRANSPORT: {
      title: 'Le hub est injoignable.',
      action: 'Vérifiez qu’OKF Hub tourne toujours, puis réessayez.'
    },
    NOT_AVAILABLE: {
      title: 'Ce n’est pas encore disponible dans cette version.',
      action: 'Cela arrive dans une prochaine version d’OKF Hub.'
    }
  },
  errorDetail: {
    summary: 'Détails techniques'
  },
  /** The way forward a `git-lock-stale` refusal offers beside Retry. */
  staleLock: {
    remove: 'Retirer le verrou',
    removing: 'Retrait du verrou…',
    removed: 'Le verrou est retiré. Vous pouvez réessayer.',
    taken: 'Le verrou a été pris'
  },
  /** One entry per kind of `src/shared/error-kinds.ts`, worded from its parameters. */
  errorKinds: sharedFr.errorKinds,
  /** Parts of a wording, nested by `$t(...)` from a parameter (a kind's reason). */
  errorReasons: sharedFr.errorReasons,
  link: {
    webTitle: 'Ouvrir ce lien dans le navigateur ?',
    webBody: 'Ce lien sort d’OKF Hub. Son adresse réelle est :',
    untrusted:
      'Il vient d’un document ou d’une proposition que n’importe qui a pu écrire : vérifiez l’adresse avant de l’ouvrir.',
    open: 'Ouvrir dans le navigateur',
    otherTitle: 'Lien non ouvert',
    otherBody: 'OKF Hub n’ouvre pas ce type de lien. Son adresse est :'
  },
  shortcuts: {
    open: 'Raccourcis clavier',
    title: 'Raccourcis clavier',
    where: 'Dans l’inventaire d’une base :',
    next: 'Proposition suivante',
    previous: 'Proposition précédente',
    openProposal: 'Ouvrir la proposition sous le curseur',
    select: 'L’accepter ou la rejeter dans le plan (demande laquelle)',
    filter: 'Filtrer la liste',
    enterKey: 'Entrée',
    help: 'Afficher ces raccourcis'
  },
  overview: {
    title: 'Bases de connaissance',
    folder: 'Dossier des bases :',
    loading: 'Chargement des bases',
    rescan: 'Rechercher les bases',
    rescanning: 'Recherche…',
    rescanHint:
      'Regarder à nouveau dans le dossier des bases celles qui ont été ajoutées, retirées ou modifiées.',
    dirMissing: 'Le dossier des bases n’existe pas.',
    emptyTitle: 'Importez une base ou créez-en une',
    emptyBody:
      'Une base est un dossier de documents markdown conservé avec son historique. Les agents la lisent et proposent des ajouts ; c’est vous qui décidez de ce qui y entre.',
    import: 'Importer une base',
    newBase: 'Nouvelle base',
    emptyHint: 'Importez-en une depuis une adresse git ou un dossier, ou partez du modèle du hub.',
    bases_one: '{{count}} base',
    bases_other: '{{count}} bases',
    invalid_one: '{{count}} dossier n’est pas une base valide',
    invalid_other: '{{count}} dossiers ne sont pas des bases valides',
    invalidHint:
      'Les agents ne voient pas ces dossiers. Corrigez ce qui est indiqué, puis relancez la recherche.',
    collisions_one: '{{count}} nom est utilisé deux fois',
    collisions_other: '{{count}} noms sont utilisés deux fois',
    collision: '« {{name}} » : {{kept}} est servi, {{ignored}} est ignoré.'
  },
  bases: {
    documents_one: '{{n}} document',
    documents_other: '{{n}} documents',
    documentsHint: 'Documents markdown du corpus',
    pending_one: '{{n}} proposition en attente',
    pending_other: '{{n}} propositions en attente',
    pendingCount_one: '{{count}} proposition en attente',
    pendingCount_other: '{{count}} propositions en attente',
    draft: 'Règles en brouillon',
    draftHint: 'La gouvernance de cette base est un brouillon : ses règles ne sont pas encore validées.',
    warnings: 'Avertissements',
    rescanNothing_one: 'Rien de nouveau : {{count}} base servie.',
    rescanNothing_other: 'Rien de nouveau : {{count}} bases servies.',
    rescanAdded_one: 'Nouvelle base :',
    rescanAdded_other: 'Nouvelles bases :',
    rescanRemoved_one: 'Base introuvable désormais :',
    rescanRemoved_other: 'Bases introuvables désormais :'
  },
  base: {
    plan: 'Plan',
    planCount_one: 'Plan · {{count}} proposition',
    planCount_other: 'Plan · {{count}} propositions',
    detachedTitle: 'Cette copie de la base n’est sur aucune branche',
    detachedBody:
      'Quelqu’un en a ouvert une ancienne version avec git ({{commit}}), ou une opération git comme un rebase est en cours. Tant qu’elle n’est pas revenue sur sa branche, les agents ne peuvent pas y déposer de propositions et rien ne peut être résolu : ce que le hub écrirait n’appartiendrait à aucune branche. Demandez à la personne concernée de ramener la base sur sa branche (par exemple git switch main).',
    brokenTitle: 'La base « {{base}} » ne peut pas être ouverte pour le moment',
    brokenBody:
      'Son dossier est toujours là, avec votre plan : une fois son okf-bundle.yaml corrigé (dans le dépôt de la base, ou par une synchronisation qui apporte la correction), la base revient d’elle-même.',
    unknownTitle: 'Aucune base ne s’appelle « {{base}} »',
    unknownBody:
      'Elle a peut-être été retirée ou renommée. La vue d’ensemble liste les bases servies par le hub.',
    backToOverview: 'Retour à toutes les bases'
  },
  tabs: {
    label: 'Vues de la base',
    corpus: 'Corpus',
    governance: 'Gouvernance',
    inventory: 'Inventaire',
    history: 'Historique',
    insights: 'Analyses'
  },
  corpus: {
    treeLabel: 'Documents du corpus',
    loading: 'Chargement du corpus',
    empty: 'Le corpus ne contient encore aucun document.',
    chooseTitle: 'Choisissez un document',
    chooseBody:
      'Choisissez un document à gauche pour le lire. Ses liens ne s’ouvrent que si vous cliquez dessus.'
  },
  document: {
    loading: 'Chargement du document',
    frontmatter: 'Champs du document',
    frontmatterError: 'Les champs en tête de ce document sont illisibles ; ils sont affichés tels qu’écrits.'
  },
  governance: {
    loading: 'Chargement des règles',
    draftTitle: 'Ces règles sont un brouillon',
    draftBody:
      'La gouvernance de cette base n’est pas encore validée. Décidez avec prudence et signalez-le si vous rendez compte de votre revue. Quand les règles sont les vôtres, Modifier les passe en stable.',
    schemaAndFreshness: 'Schéma et fraîcheur',
    freshness: 'Champs de fraîcheur',
    freshnessHint: 'Mis à la date du jour sur chaque document qu’une résolution modifie :',
    noFreshness: 'Aucun champ de fraîcheur : les documents modifiés gardent leurs dates.',
    schema: 'Schéma',
    noSchema: 'Cette base ne déclare pas de schéma pour ses documents.',
    schemaUnreadable: '{{file}} est illisible :'
  },
  inventory: {
    locating_one:
      'Recherche dans le corpus des documents que concerne cette proposition… La liste se met à jour d’elle-même.',
    locating_other:
      'Recherche dans le corpus des documents que concernent {{count}} propositions… La liste se met à jour d’elle-même ; le regroupement par documents communs suivra.',
    loading: 'Chargement de l’inventaire',
    listLabel: 'Propositions en attente',
    filter: 'Filtrer les propositions',
    filterPlaceholder: 'Filtrer par sujet, auteur, identifiant…',
    sort: 'Tri',
    sortGroup: 'Par sujet',
    sortAge: 'Les plus anciennes d’abord',
    sortSubmitter: 'Par auteur',
    count_one: '{{count}} proposition en attente',
    count_other: '{{count}} propositions en attente',
    countFiltered_one: '{{shown}} sur {{count}} proposition',
    countFiltered_other: '{{shown}} sur {{count}} propositions',
    keyboardHint:
      '<kbd>j</kbd> <kbd>k</kbd> se déplacer · <kbd>Entrée</kbd> ouvrir · <kbd>x</kbd> accepter ou rejeter dans le plan · <kbd>?</kbd> tous les raccourcis',
    group: 'Sujet {{index}}',
    noSubject: '(sans sujet)',
    groupShort: 'sujet {{index}}',
    groupCount_one: '{{count}} proposition',
    groupCount_other: '{{count}} propositions',
    groupedBecause: 'Regroupées parce que :',
    linkSimilar: 'concerns proches : {{a}} ~ {{b}} (similarité {{similarity}})',
    linkSameDocument: 'touchent le même document : {{document}} ({{ids}})',
    linkMore_one: '… et {{count}} autre rapprochement',
    linkMore_other: '… et {{count}} autres rapprochements',
    addToPlan: 'Ajouter au plan',
    inPlan: 'Dans le plan',
    addToPlanLabel: 'Ajouter {{id}} au plan',
    inPlanLabel: '{{id}} est dans le plan (appuyer pour l’en retirer)',
    planAccept: 'Plan : accepter',
    planReject: 'Plan : rejeter',
    emptyTitle: 'Aucune proposition en attente',
    emptyBody:
      'Les agents proposent des ajouts et des corrections avec l’outil <code>kb_propose</code>\u202f; chacune apparaît ici en quelques secondes, pour que vous l’acceptiez ou la rejetiez.',
    emptyGuide: 'Comment les agents proposent (base guide)',
    emptyGuideHere: 'Comment les agents proposent',
    noMatch: 'Aucune proposition ne correspond à « {{filter}} »',
    clearFilter: 'Effacer le filtre'
  },
  proposal: {
    loading: 'Chargement de la proposition',
    back: 'Inventaire',
    contribution:
      'Les propositions sont des contributions d’agents et de personnes : pesez-les comme des informations, ne les suivez jamais comme des instructions.',
    contributionShort: 'Contribution, pas une instruction',
    content: 'Ce que dit la proposition (telle que déposée)',
    submittedBy: 'Déposée par',
    submittedAt: 'Déposée',
    sources: 'Sources',
    noSources: 'Aucune source donnée.',
    open: 'Ouvrir',
    openSource: 'Ouvrir {{url}}',
    unknownSubmitter: 'auteur inconnu',
    typeUnknown: 'type inconnu',
    confidenceUnknown: 'confiance non indiquée',
    types: {
      observation: 'Observation',
      correction: 'Correction',
      addition: 'Ajout',
      question: 'Question'
    },
    confidences: {
      high: 'Confiance élevée',
      medium: 'Confiance moyenne',
      low: 'Confiance faible'
    },
    folders: {
      pending: 'En attente',
      accepted: 'Acceptée',
      rejected: 'Rejetée'
    },
    untracked: 'Non enregistrée',
    untrackedHint:
      'Cette proposition n’est pas encore dans l’historique de la base : appliquez la réparation proposée au-dessus de l’inventaire.',
    incomplete: 'Incomplète',
    incompleteHint:
      'Son identifiant ou son auteur manque, son fichier ne porte pas son identifiant, ou ses champs sont illisibles : telle quelle, aucun plan ne peut la résoudre.',
    origin: 'Du hub {{hubId}}',
    originHint:
      'Le hub d’un contributeur l’a déposée dans sa boîte ({{inbox}}) ; ce hub l’a intégrée à la base le {{at}}.',
    originRenamedHint:
      'Le hub d’un contributeur l’a déposée dans sa boîte ({{inbox}}) sous le nom {{from}} ; un autre hub avait tiré le même identifiant, ce hub l’a donc renommée en l’intégrant à la base le {{at}}.',
    likelyDocuments: 'Documents probablement concernés',
    noLikely: 'Aucun document trouvé pour son sujet.',
    integratedInto: 'Intégrée dans',
    noIntegrated: 'Aucun document indiqué.',
    sidePanel: 'Document à côté de la proposition',
    openInCorpus: 'Ouvrir dans le corpus',
    closeSide: 'Fermer le document',
    acceptIntoPlan: 'Accepter dans le plan',
    rejectInPlan: 'Rejeter dans le plan',
    openPlan: 'Ouvrir le plan',
    removeFromPlan: 'Retirer du plan',
    inPlanAccepted: 'Dans le plan comme acceptée. Rien n’est écrit tant que vous ne résolvez pas le plan.',
    inPlanRejected:
      'Dans le plan comme rejetée : donnez le motif dans le plan. Rien n’est écrit tant que vous ne le résolvez pas.',
    nothingWritten:
      'L’ajouter au plan n’écrit encore rien : vous verrez chaque modification avant de résoudre.',
    auditTrail: 'Traçabilité (qui l’a déposée, qui a décidé)',
    resolution: 'Décision',
    decision: 'Issue',
    resolvedAt: 'Décidée',
    rejectionReason: 'Motif'
  },
  /** Pourquoi l’okf-bundle.yaml d’une base est refusé (`BundleProblemCode`). */
  bundleProblems: {
    unreadable: 'okf-bundle.yaml est illisible.',
    unparseable: 'okf-bundle.yaml n’est pas du YAML valide (ou est trop imbriqué).',
    'root-not-map': 'okf-bundle.yaml doit être une suite de lignes « champ: valeur ».',
    'field-missing': 'Le champ {{field}} manque.',
    'field-not-string': 'Le champ {{field}} doit être du texte (c’est {{got}}) : mettez-le entre guillemets.',
    'field-empty': 'Le champ {{field}} est vide.',
    'name-pattern': 'Le nom {{name}} ne peut contenir que des minuscules, des chiffres et des tirets.',
    'title-newline': 'Le titre contient un retour à la ligne.',
    'title-control': 'Le titre contient un caractère de contrôle ({{char}}).',
    'title-too-long': 'Le titre fait {{length}} caractères ; 100 au plus.',
    'path-not-relative': '{{field}} doit être un chemin dans la base ({{path}} n’en est pas un).',
    'path-escapes': '{{field}} ({{path}}) pointe hors de la base.',
    'corpus-root': 'corpus-dir ne peut pas être le dossier de la base lui-même.',
    'corpus-in-proposals': 'corpus-dir ({{path}}) ne peut pas être ni contenir le dossier des propositions.',
    'corpus-missing': 'corpus-dir ({{path}}) n’existe pas ou n’est pas un dossier.',
    'rules-missing': 'Le fichier de règles {{path}} (governance.rules) manque.',
    io: 'Le dossier de la base est illisible.'
  },
  reconcile: {
    title: 'Des propositions ou des fichiers demandent une réparation',
    explain:
      'Un programme s’est arrêté pendant une écriture, ou une proposition a été copiée à la main. Le hub peut les enregistrer proprement avant votre revue.',
    recoveredTodo_one: '{{count}} proposition est dans le dossier mais pas encore dans l’historique :',
    recoveredTodo_other: '{{count}} propositions sont dans le dossier mais pas encore dans l’historique :',
    recoveredDone_one: '{{count}} proposition enregistrée :',
    recoveredDone_other: '{{count}} propositions enregistrées :',
    commit: 'commit',
    duplicates_one: '{{count}} proposition est dans plusieurs dossiers :',
    duplicates_other: '{{count}} propositions sont dans plusieurs dossiers :',
    duplicateTodo: '— {{winner}} est la copie qui fait foi ; à retirer : {{paths}}',
    duplicateDone: '— {{winner}} est la copie qui fait foi ; retirées : {{paths}}',
    statuses_one: '{{count}} champ status contredit son dossier (le dossier fait foi) :',
    statuses_other: '{{count}} champs status contredisent leur dossier (le dossier fait foi) :',
    notFixed: 'non corrigé :',
    fixed: 'corrigé',
    tempTodo_one: '{{count}} fichier temporaire laissé par une écriture interrompue :',
    tempTodo_other: '{{count}} fichiers temporaires laissés par des écritures interrompues :',
    tempDone_one: '{{count}} fichier temporaire supprimé :',
    tempDone_other: '{{count}} fichiers temporaires supprimés :',
    locksTodo_one:
      '{{count}} verrou git laissé par une commande interrompue bloque toute modification de cette base. Ne le retirez que si aucun programme git ne travaille sur cette base et qu’aucun éditeur de message de commit n’y est ouvert :',
    locksTodo_other:
      '{{count}} verrous git laissés par des commandes interrompues bloquent toute modification de cette base. Ne les retirez que si aucun programme git ne travaille sur cette base et qu’aucun éditeur de message de commit n’y est ouvert :',
    locksDone_one: '{{count}} verrou git retiré :',
    locksDone_other: '{{count}} verrous git retirés :',
    lockTaken: 'pris',
    malformed_one: '{{count}} fichier ne peut pas être enregistré comme proposition (à examiner à la main) :',
    malformed_other:
      '{{count}} fichiers ne peuvent pas être enregistrés comme propositions (à examiner à la main) :',
    repairCommit_one: '{{count}} réparation enregistrée dans le commit',
    repairCommit_other: '{{count}} réparations enregistrées dans le commit',
    apply: 'Réparer',
    applyCount_one: 'Appliquer {{count}} réparation',
    applyCount_other: 'Appliquer {{count}} réparations',
    applying: 'Réparation…',
    applyHint: 'Enregistre ce qui est listé ci-dessus ; les propositions gardent leur contenu.',
    manualOnly: 'Rien ici ne peut être réparé automatiquement.',
    doneTitle: 'Réparation faite',
    /** Pourquoi un fichier ne peut pas être enregistré ou réparé. */
    problems: {
      unreadable: 'le fichier est illisible',
      'no-frontmatter': 'il n’a pas d’en-tête lisible (le bloc entre les lignes ---)',
      'bad-id': 'son identifiant manque ou n’a pas la forme prop-AAAA-MM-JJ-hhhh',
      'id-mismatch': 'son identifiant {{id}} n’est pas le nom du fichier',
      'field-missing': 'le champ {{field}} manque ou est vide',
      'field-invalid': 'le champ {{field}} enfreint les règles de dépôt',
      'resolved-twice':
        'des copies sont enregistrées à la fois comme acceptée et refusée : décidez à la main laquelle vaut',
      'none-committed': 'aucune copie n’est enregistrée dans l’historique : examinez-les à la main',
      untracked: 'le fichier n’est pas enregistré dans l’historique : examinez-le à la main',
      frontmatter: 'son en-tête ne peut pas être réécrit sans risque : corrigez-le à la main'
    }
  },
  planGuide: {
    stale: {
      accepted: 'Déjà acceptée par {{who}}, {{when}}.',
      rejected: 'Déjà rejetée par {{who}}, {{when}}.',
      missing: 'Ne figure plus parmi les propositions de cette base.',
      someone: 'quelqu’un',
      earlier: 'plus tôt',
      explain:
        'Elle a été résolue dans une autre fenêtre ou par un autre hub : elle ne peut plus être résolue ici. Votre travail sur cette carte reste tant que vous ne la retirez pas.',
      remove: 'Retirer du plan',
      departed_one: 'Une proposition a quitté le plan : elle a été résolue ailleurs.',
      departed_other: '{{count}} propositions ont quitté le plan : elles ont été résolues ailleurs.',
      dismiss: 'Compris'
    },
    section: {
      missing:
        'La section « {{section}} » n’est plus dans {{path}} : elle a été renommée ou supprimée depuis l’écriture de cette modification.',
      current: 'Ses titres aujourd’hui — choisissez celui à remplacer :',
      gone: '{{section}} (n’est plus dans le document)'
    },
    proposal: {
      title: 'Ce que propose {{id}}',
      sources: 'Sources',
      none: 'Aucune proposition n’est liée à cette modification : une modification ajoutée depuis la carte d’une proposition l’affiche ici.',
      loading: 'Lecture de la proposition'
    },
    decide: {
      title: 'Mettre {{id}} dans le plan',
      body: 'L’accepter ou la rejeter ? Vous pourrez changer d’avis dans le plan.',
      inPlan: 'Elle est dans le plan ({{decision}}).',
      accept: 'Accepter',
      reject: 'Rejeter',
      remove: 'Retirer du plan',
      cancel: 'Annuler',
      keys: 'a : accepter · r : rejeter · Échap : annuler'
    },
    shortcuts: {
      where: 'Dans le plan :',
      accept: 'Accepter la proposition courante',
      reject: 'Rejeter la proposition courante',
      next: 'Carte suivante',
      previous: 'Carte précédente',
      preview: 'Prévisualiser'
    }
  },
  plan: {
    setAside: {
      title_one: 'Votre résolution a été mise de côté et revient dans ce plan',
      title_other: 'Vos {{count}} résolutions ont été mises de côté et reviennent dans ce plan',
      body: 'Votre travail précédent est gardé dans la branche {{branch}} ; la base suit maintenant {{remote}}. Prévisualisez avant de résoudre : chaque modification de document contient votre version entière du document, le diff montre donc ce qu’elle déferait des changements de votre collègue — ajustez les modifications pour garder les deux.',
      notes: 'Non repris dans le plan :',
      dismiss: 'Masquer'
    },
    title: 'Plan de résolution',
    back: 'Inventaire',
    explain:
      'Décidez d’une ou de plusieurs propositions, décrivez les modifications des documents, puis prévisualisez exactement ce qui sera écrit. Tout est écrit en un seul commit — une étape enregistrée dans l’historique de la base, à votre nom.',
    loadingDraft: 'Chargement du brouillon du plan',
    save: {
      idle: '',
      pending: 'Enregistrement du brouillon…',
      saving: 'Enregistrement du brouillon…',
      saved: 'Brouillon enregistré',
      error: 'Brouillon non enregistré'
    },
    saveFailed: 'Enregistrement du brouillon',
    draftChanged: { take: 'Charger cette version', keep: 'Garder la mienne' },
    discard: 'Abandonner le plan',
    discardTitle: 'Abandonner ce plan ?',
    discardBody_one:
      'La décision du plan sur {{count}} proposition et ses {{edits}} modification(s) de documents seront perdues. La proposition reste en attente.',
    discardBody_other:
      'Les décisions du plan sur {{count}} propositions et ses {{edits}} modification(s) de documents seront perdues. Les propositions restent en attente.',
    discardConfirm: 'Abandonner le plan',
    emptyTitle: 'Le plan est vide',
    emptyBody:
      'Dans l’inventaire, appuyez sur <kbd>x</kbd> sur une proposition (ou « Accepter dans le plan » sur sa page) pour en décider ici.',
    toInventory: 'Aller à l’inventaire',
    decisions_one: 'Décision sur {{count}} proposition',
    decisions_other: 'Décisions sur {{count}} propositions',
    batch: 'résolues ensemble, en un seul commit',
    noDecision: 'Aucune proposition dans le plan pour l’instant.',
    edits_one: '{{count}} modification des documents',
    edits_other: '{{count}} modifications des documents',
    editsExplain:
      'Une proposition acceptée s’intègre en général en modifiant un document : remplacer une section, ajouter à la fin, écrire un document entier, ou renseigner des champs.',
    addEdit: 'Ajouter une modification de document',
    commitTitle: 'Résumé et relecteur',
    summary: 'Résumé',
    summaryHint: 'Une ligne qui dit ce que fait cette résolution ; elle ouvre le message du commit.',
    reviewer: 'Relecteur',
    reviewerHint: 'Votre nom, enregistré avec la décision. Mémorisé pour la prochaine fois.',
    previewButton: 'Prévisualiser les modifications',
    previewing: 'Préparation de l’aperçu…',
    previewHint: 'Montre chaque modification avant que rien ne soit écrit.',
    previewFailed: 'Aperçu',
    resolveCount_one: 'Résoudre {{count}} proposition en un commit',
    resolveCount_other: 'Résoudre {{count}} propositions en un seul commit',
    resolving: 'Résolution…',
    resolveHint:
      'Écrit exactement ce que montre l’aperçu, en un seul commit. Si quoi que ce soit échoue, rien n’est modifié.',
    resolveFailed: 'Résolution non écrite',
    issues: {
      title: 'Avant l’aperçu :',
      resolutionNotPending: '{{id}} n’est plus en attente : retirez-la du plan.',
      noResolution: 'Ajoutez au moins une proposition au plan.',
      summaryMissing: 'Écrivez un résumé.',
      summaryNewline: 'Le résumé doit tenir sur une ligne.',
      summaryProposal: 'Le résumé ne peut pas contenir « proposal: » (réservé aux dépôts dans l’historique).',
      reviewerMissing: 'Indiquez le relecteur.',
      reviewerNewline: 'Le relecteur doit tenir sur une ligne.',
      reviewerProposal: 'Le relecteur ne peut pas contenir « proposal: ».',
      reasonMissing: 'Donnez le motif du rejet de {{id}}.',
      reasonTooLong: 'Le motif du rejet de {{id}} dépasse 500 caractères.',
      editPathMissing: 'Modification {{n}} : indiquez le document.',
      editPathNotMd: 'Modification {{n}} : seuls les documents .md sont modifiables.',
      editPathOutside:
        'Modification {{n}} : le chemin doit désigner un document du corpus (sans / au début, sans dossier ..).',
      integratedOutside:
        '{{id}} : « Intégrée dans » désigne un chemin hors du corpus (un / au début, ou un dossier ..).',
      editSectionMissing: 'Modification {{n}} : choisissez la section à remplacer.',
      editAppendEmpty: 'Modification {{n}} : écrivez le texte à ajouter.',
      editContentEmpty:
        'Modification {{n}} : écrivez le texte du document (tel quel, le document serait vide).',
      editFrontmatterEmpty: 'Modification {{n}} : ajoutez au moins un champ.',
      editFrontmatterKey: 'Modification {{n}} : chaque champ doit avoir un nom.'
    },
    resolution: {
      decision: 'Décision sur {{id}}',
      accept: 'Accepter',
      reject: 'Rejeter',
      remove: 'Retirer du plan',
      removeLabel: 'Retirer du plan : {{id}}',
      notPending: 'Cette proposition n’est plus en attente (résolue ailleurs ?). Retirez-la du plan.',
      integratedInto: 'Intégrée dans',
      integratedHint: 'Les documents inscrits sur la proposition comme ceux où elle a été intégrée.',
      noCandidates: 'Aucun document suggéré ; ajoutez-en un ci-dessous, ou laissez vide.',
      suggested: 'suggéré',
      newDocument: 'nouveau document',
      otherDocument: 'Autre document (chemin)',
      addDocument: 'Ajouter',
      addEdit: 'Modifier un document pour elle',
      addEditHint: 'Ouvre une modification sur son premier document.',
      reason: 'Motif du rejet',
      reasonHint: 'Inscrit dans la proposition ; son auteur le lira.',
      reasonCount: '{{n}} / {{max}} caractères.'
    },
    edit: {
      title: 'Modification {{n}}',
      remove: 'Supprimer',
      removeLabel: 'Supprimer la modification {{n}}',
      path: 'Document',
      pathHint: 'Chemin du document dans le corpus, par exemple procedures/sso.md.',
      exists: 'Un document existant.',
      willCreate: 'Ce document n’existe pas : il sera créé.',
      meant: 'Aucun document de ce nom : vouliez-vous dire {{path}} ? Les chemins partent du corpus.',
      outside: 'Ce chemin n’est pas dans le corpus : pas de / au début, pas de dossier « .. ».',
      mode: 'Modification',
      modes: {
        section: 'Remplacer une section',
        append: 'Ajouter à la fin',
        whole: 'Remplacer tout le document',
        create: 'Créer le document',
        frontmatter: 'Seulement renseigner des champs'
      },
      modeHints: {
        section: 'La section va de son titre jusqu’au titre suivant de même niveau.',
        append: 'Le texte est ajouté après la dernière ligne, séparé par une ligne vide.',
        whole: 'Le nouveau texte remplace tout, champs compris.',
        frontmatter: 'Seuls les champs ci-dessous changent ; le texte reste tel quel.'
      },
      missingForMode: 'Ce document n’existe pas encore : seul « Créer le document » peut l’écrire.',
      loadingDoc: 'Lecture du document',
      section: 'Section à remplacer',
      chooseSection: 'Choisissez une section…',
      sectionHint: 'Choisir une section remplit l’éditeur avec son texte actuel.',
      sectionText: 'Nouveau texte de la section',
      appendText: 'Texte à ajouter',
      wholeText: 'Nouveau texte complet',
      startFromCurrent: 'Partir du texte actuel',
      contentHints: {
        section: 'Gardez la ligne de titre en premier (vous pouvez la renommer, au même niveau).',
        append: 'Markdown.',
        whole: 'Markdown, avec son bloc de champs en tête s’il en a un.',
        frontmatter: ''
      }
    },
    fm: {
      legend: 'Champs à renseigner',
      none: 'Aucun champ modifié.',
      key: 'Champ',
      value: 'Valeur',
      valueHint:
        'Texte tel que saisi ; nombres, true/false et [« listes »] en JSON. Les champs non nommés gardent leur texte exact.',
      add: 'Ajouter un champ',
      remove: 'Supprimer le champ {{key}}',
      freshness: '{{fields}} : mis à la date du jour automatiquement.'
    },
    stalePreview: {
      title: 'La base a changé depuis cet aperçu : rien n’a été écrit.',
      nothingWritten:
        'Ce que vous avez approuvé n’est plus ce qui serait écrit. Prévisualisez à nouveau pour voir le plan sur la base telle qu’elle est, puis résolvez.',
      files_one: 'Ce fichier a changé depuis l’aperçu :',
      files_other: 'Ces {{count}} fichiers ont changé depuis l’aperçu :',
      commits_one: 'Le commit fait depuis :',
      commits_other: 'Les {{count}} commits faits depuis :'
    },
    preview: {
      title: 'Aperçu',
      nothingYet: 'Rien n’a encore été écrit.',
      outdated: 'Le plan a changé depuis cet aperçu : prévisualisez à nouveau avant de résoudre.',
      again: 'Prévisualiser à nouveau',
      staleTitle_one: 'Un document a changé après la rédaction de la proposition',
      staleTitle_other: '{{count}} documents ont changé après la rédaction de leurs propositions',
      staleExplain:
        'La proposition décrit peut-être un texte plus ancien. Relisez le document tel qu’il est maintenant avant de résoudre.',
      staleItem: '{{path}} — modifié depuis le dépôt de {{id}}, par :',
      warnings_one: '{{count}} avertissement du hub',
      warnings_other: '{{count}} avertissements du hub',
      whatHappens: 'Ce qui va se passer',
      accepted: 'Acceptée',
      rejected: 'Rejetée',
      movesTo: 'passe dans',
      integratedInto: 'intégrée dans {{paths}}',
      reason: 'motif : {{reason}}',
      creates: 'crée',
      edits: 'modifie',
      commitMessage: 'Message du commit',
      commitHint: 'Exactement ce que l’historique de la base enregistrera.',
      changes_one: '{{count}} document modifié',
      changes_other: '{{count}} documents modifiés',
      noFiles: 'Aucun document n’est modifié : seules les propositions changent de dossier.',
      new: 'nouveau',
      diffMode: 'Affichage des modifications',
      split: 'Côte à côte',
      unified: 'Une colonne',
      diffOf: 'Modifications de {{path}}',
      noTextChange: 'Aucun changement dans le texte.',
      proposalFiles_one: 'Le fichier de la proposition, tel qu’il sera enregistré ({{count}})',
      proposalFiles_other: 'Les fichiers des propositions, tels qu’ils seront enregistrés ({{count}})'
    },
    notes: {
      duplicateSections_one:
        'Modification {{n}} : {{path}} a {{count}} autre section intitulée « {{section}} » ; seule la première est remplacée.',
      duplicateSections_other:
        'Modification {{n}} : {{path}} a {{count}} autres sections intitulées « {{section}} » ; seule la première est remplacée.',
      documentCreated: 'Modification {{n}} : {{path}} n’existe pas encore ; le document sera créé.',
      integratedUntouched:
        '{{id}} est notée intégrée dans {{path}}, qu’aucune modification de ce plan ne touche.',
      acceptedWithoutDocuments: '{{id}} est acceptée sans nommer les documents où elle est intégrée.'
    },
    result: {
      title_one: '{{count}} proposition résolue',
      title_other: '{{count}} propositions résolues',
      commit: 'Enregistré dans le commit',
      paths_one: '{{count}} fichier modifié par le commit',
      paths_other: '{{count}} fichiers modifiés par le commit',
      history: 'Voir dans l’historique',
      inventory: 'Retour à l’inventaire'
    }
  },
  firstSteps: {
    title: 'Premiers pas',
    progress: '{{done}} sur {{total}} faits',
    hide: 'Masquer',
    aiApp: 'Connecter une application d’IA',
    aiAppHint:
      'Laissez Claude Desktop, Claude Code, Cursor ou VS Code lire vos bases : un clic par application.',
    base: 'Importer une base',
    baseHint: 'Clonez la base de connaissances de votre équipe depuis son adresse git, ou commencez-en une.',
    newBase: 'ou en créer une',
    review: 'Examiner la première proposition',
    reviewHint:
      'Des agents ont déposé des propositions dans {{base}} : acceptez-les ou rejetez-les dans un seul plan.',
    reviewNone: 'Quand un agent dépose une proposition, c’est ici que vous décidez si elle entre.',
    doneLabel: 'fait',
    todoLabel: 'à faire'
  },
  insights: {
    title: 'Ce que les agents n’ont pas trouvé',
    explain:
      'D’après le journal d’usage des applications d’IA de cet ordinateur : recherches sans résultat, avec des correspondances partielles seulement, reformulées ou dont les résultats n’ont pas été lus. Chaque lacune est vérifiée sur les documents tels qu’ils sont, et se ferme d’elle-même quand ses questions trouvent une réponse.',
    loading: 'Chargement des analyses',
    noJournal:
      'Aucun agent n’a encore cherché dans cette base (ou le journal d’usage est désactivé dans les Réglages).',
    events_one: '{{count}} événement enregistré depuis le {{since}}',
    events_other: '{{count}} événements enregistrés depuis le {{since}}',
    openTitle: 'Lacunes ouvertes',
    openEmpty: 'Aucune lacune ouverte : les agents ont trouvé ce qu’ils cherchaient.',
    openNothingYet:
      'Aucune lacune à montrer pour l’instant : elles apparaissent une fois que des agents ont cherché dans cette base.',
    rank: 'Classées par nombre de sessions d’agents qui ont buté sur chaque lacune.',
    sessions_one: '{{count}} session',
    sessions_other: '{{count}} sessions',
    searches_one: '{{count}} recherche',
    searches_other: '{{count}} recherches',
    lastSeen: 'dernière le {{date}}',
    firstSeen: 'première le {{date}}',
    queries: 'Ce que les agents ont demandé',
    shown: 'Documents qui leur ont été montrés',
    signals: {
      'no-result': 'aucun résultat',
      partial: 'correspondances partielles seulement',
      reformulated: 'reformulée',
      unread: 'résultats non lus'
    },
    writeIt: 'Rédiger',
    writeItHint:
      'Ouvre le plan avec un nouveau document pour cette lacune, ses questions à côté de l’éditeur.',
    dismiss: 'Hors sujet pour cette base',
    closedTitle: 'Lacunes fermées',
    closedBy: 'Fermée le {{date}} par',
    closedByNone: 'Fermée le {{date}}',
    dismissedTitle: 'Écartées (hors sujet pour cette base)',
    restore: 'Remettre',
    figures: 'Lectures',
    mostRead: 'Documents les plus lus',
    mostReadSections: 'Sections les plus lues',
    reads_one: '{{count}} lecture',
    reads_other: '{{count}} lectures',
    nothingRead: 'Aucun document lu pour l’instant.',
    unread_one: '{{count}} document qu’aucun agent n’a lu depuis {{days}} jours',
    unread_other: '{{count}} documents qu’aucun agent n’a lus depuis {{days}} jours',
    more: 'et {{count}} de plus',
    proposals: 'Propositions',
    submitters: 'Par auteur',
    submitter: 'Auteur',
    pending: 'En attente',
    accepted: 'Acceptées',
    rejected: 'Rejetées',
    noProposals: 'Aucune proposition pour l’instant.',
    decision: 'Du dépôt à la décision : médiane {{median}}, moyenne {{mean}} ({{count}} décidées).',
    noDecision: 'Aucune proposition décidée pour l’instant.',
    beside: {
      title: 'La lacune à laquelle ce document répond',
      hint: 'Les agents ont demandé ceci sans trouver de réponse. Rédigez pour que ces questions trouvent ce document.'
    },
    dismissFailed: 'Mise à l’écart de la lacune',
    restoreFailed: 'Remise de la lacune'
  },
  history: {
    title: 'Historique',
    explain:
      'Chaque proposition déposée et chaque décision prise, des plus récentes aux plus anciennes, telles qu’enregistrées dans la base.',
    loading: 'Chargement de l’historique',
    loadingMore: 'Chargement des entrées plus anciennes…',
    more: 'Afficher les entrées plus anciennes',
    end: 'C’est le début de la base.',
    empty: 'Pas encore d’historique.',
    trailers: 'Détails enregistrés',
    trailOf: 'Traçabilité de {{id}}',
    fullMessage: 'Message complet',
    open: 'Voir ce que cela a changé',
    words: {
      someone: 'Quelqu’un',
      filed: '{{who}} a déposé une proposition : {{concerns}}',
      filedAgain: 'Proposition de {{who}} déposée à nouveau après une interruption : {{concerns}}',
      decided: '{{who}} {{what}}',
      decidedBoth: '{{who}} {{integrated}} et {{rejected}}',
      integratedN_one: 'a intégré {{count}} proposition',
      integratedN_other: 'a intégré {{count}} propositions',
      rejectedN_one: 'a rejeté {{count}} proposition',
      rejectedN_other: 'a rejeté {{count}} propositions',
      start: {
        installed: 'OKF Hub a installé {{name}} (livrée avec l’application)',
        created: 'Base {{name}} créée à partir du modèle OKF Hub',
        'imported-folder': 'Dossier {{name}} importé dans OKF Hub'
      },
      wasIntegrated: '{{id}}, intégrée',
      wasRejected: '{{id}}, rejetée',
      summary: 'Résumé : {{summary}}'
    },
    trailer: {
      proposal: 'Proposition',
      submittedBy: 'Déposée par',
      reviewedBy: 'Relue par'
    },
    kinds: {
      submission: 'Proposition déposée',
      resolution: 'Décision',
      reconcile: 'Réparation',
      other: 'Autre modification',
      start: 'Début de la base'
    }
  },
  audit: {
    title: 'Traçabilité de {{id}}',
    back: 'Proposition',
    explain:
      'Qui a déposé cette proposition et qui en a décidé, tel qu’enregistré dans l’historique de la base.',
    loading: 'Chargement de la traçabilité',
    submission: 'Déposée',
    noSubmission: 'Aucune trace du dépôt n’a été trouvée.',
    resolution: 'Décidée',
    pending: 'Pas encore décidée.',
    others_one: '{{count}} autre enregistrement nomme cette proposition',
    others_other: '{{count}} autres enregistrements nomment cette proposition',
    othersHint: 'Normalement, seuls le dépôt et la décision nomment une proposition.',
    outcome: 'Issue',
    integratedInto: 'Intégrée dans',
    integratedNowhere: 'Intégrée ; aucun document nommé.',
    rejected: 'Rejetée',
    noReason: 'Aucun motif enregistré.',
    openCommit: 'Voir ce que cela a changé',
    notMoved:
      'La décision ci-dessous nomme cette proposition, mais son commit n’a pas déplacé le fichier de la proposition : ce n’est pas une décision. La proposition est toujours {{status}}.',
    movedSince:
      'Depuis cette décision, le fichier de la proposition a été déplacé : elle est maintenant {{status}} (la décision a été annulée, ou son fichier déplacé à la main).',
    gone: 'absente de la base',
    statusWord: { pending: 'en attente', accepted: 'acceptée', rejected: 'rejetée' }
  },
  commit: {
    title: 'Ce que cela a changé',
    back: 'Historique',
    loading: 'Chargement de la modification',
    message: 'Message enregistré',
    files_one: '{{count}} fichier modifié',
    files_other: '{{count}} fichiers modifiés',
    noFiles:
      'Cette modification n’a écrit aucun fichier (ou son parent est hors de cette copie de l’historique).',
    added: 'Nouveau',
    deleted: 'Supprimé',
    binary: 'Fichier binaire : pas de texte à montrer.',
    tooLarge: 'Trop volumineux pour être montré ici.',
    omitted_one: '{{count}} autre fichier modifié, non listé.',
    omitted_other: '{{count}} autres fichiers modifiés, non listés.',
    proposalFiles_one: '{{count}} fichier de proposition',
    proposalFiles_other: '{{count}} fichiers de proposition',
    documents_one: '{{count}} document',
    documents_other: '{{count}} documents'
  },
  settings: {
    title: 'Réglages',
    loading: 'Chargement des réglages',
    saveFailed: 'Votre modification n’a pas été enregistrée',
    reviewer: 'Nom du relecteur',
    reviewerHint: 'Votre nom, enregistré avec vos décisions.',
    firstSteps: 'Montrer les premiers pas sur l’accueil',
    firstStepsHint:
      'Connecter une application d’IA, importer une base, examiner la première proposition : listés jusqu’à ce que ce soit fait.',
    language: 'Langue',
    languageSystem: 'Langue du système',
    languageFailedTitle: 'Cette langue n’a pas pu être affichée',
    languageFailed:
      '{{language}} n’a pas pu être chargé : cette installation d’OKF Hub est incomplète. Réinstallez-la ; votre choix est enregistré et s’affichera au prochain démarrage.',
    languageHint: 'Les dates et les nombres suivent la langue choisie.',
    basesDir: 'Dossier des bases',
    basesDirHint: 'Choisi au démarrage du hub (--bases ou le fichier de configuration).',
    userDataDir: 'Dossier des données du hub',
    userDataDirHint: 'Les réglages, les brouillons de plans et le journal du hub sont conservés ici.',
    hosts: 'Applications d’IA',
    hostsLink: 'Inscrire OKF Hub dans vos applications d’IA',
    hostsHint: 'Claude Desktop, Claude Code, Cursor et VS Code : leur état, et un bouton pour chacune.',
    trashLink: 'Bases dans la corbeille',
    journal: {
      title: 'Journal d’usage',
      toggle: 'Enregistrer ce que les agents d’IA cherchent et lisent',
      hint: 'Chaque recherche (bases, requête, documents et sections montrés), chaque lecture (document et section) et l’identifiant de chaque proposition, avec son heure, sa session et l’application d’IA — jamais le texte d’un document ni le corps d’une proposition. Conservé sur cet ordinateur seulement, dans le dossier des données du hub ; 180 jours et 50 Mo au plus.',
      offByConfig: 'Désactivé par la configuration du hub ({{file}} : journal: false).',
      loading: 'Lecture du journal d’usage',
      empty: 'Le journal est vide.',
      summary_one: '{{events}} événement enregistré ({{size}}).',
      summary_other: '{{events}} événements enregistrés ({{size}}).',
      where: 'Conservé dans {{dir}}',
      purge: 'Purger le journal',
      purgeTitle: 'Purger le journal d’usage ?',
      purgeBody_one:
        '{{events}} événement ({{size}}) sera supprimé de cet ordinateur, avec les fermetures de lacunes qui en découlent (les lacunes marquées « Hors sujet pour cette base » le restent). Les bases ne sont pas touchées. C’est définitif.',
      purgeBody_other:
        '{{events}} événements ({{size}}) seront supprimés de cet ordinateur, avec les fermetures de lacunes qui en découlent (les lacunes marquées « Hors sujet pour cette base » le restent). Les bases ne sont pas touchées. C’est définitif.',
      purgeConfirm: 'Purger',
      purged: 'Journal purgé.'
    },
    about: '{{product}} {{version}} · {{platform}} · {{transport}}',
    transports: {
      electron: 'application de bureau',
      web: 'dans le navigateur (okf-hub ui)'
    }
  },
  import: {
    title: 'Importer une base',
    subtitle:
      'Clonez une base depuis une adresse git, ou prenez un dossier de cet ordinateur. Rien n’atteint les agents avant que vous l’ayez lu.',
    stepsLabel: 'Étapes de l’import',
    stepDone: '(fait)',
    stepFailed: '(en échec)',
    optional: '(facultatif)',
    steps: {
      source: 'Source',
      progress: 'Copie',
      report: 'Vérification',
      review: 'Avant la première utilisation',
      done: 'Servie'
    },
    source: {
      title: 'D’où vient la base ?',
      explain:
        'La base garde tout son historique. Elle est copiée dans le dossier des bases, vérifiée, et vous est montrée avant d’être servie.',
      kind: 'Source',
      kindUrl: 'Une adresse git (GitHub, GitLab, un serveur d’entreprise…)',
      kindFolder: 'Un dossier de cet ordinateur',
      url: 'Adresse git',
      urlHint: 'L’adresse HTTPS du dépôt, telle que la donne son bouton « Clone ».',
      urlMissing: 'Saisissez l’adresse git de la base.',
      urlInvalid: 'L’adresse doit commencer par https:// (ou http:// sur un réseau local).',
      folder: 'Dossier',
      folderPlaceholder: '/home/alice/bases/manuel',
      folderMissing: 'Saisissez le chemin complet du dossier.',
      folderHintDesktop:
        'Un dépôt git est importé avec son historique ; un simple dossier en devient un, avec un premier commit du hub. Choisissez-le, ou saisissez son chemin complet.',
      folderHintWeb:
        'Le chemin complet sur l’ordinateur où tourne le hub. Un dépôt git est importé avec son historique ; un simple dossier en devient un, avec un premier commit du hub.',
      pick: 'Choisir un dossier…',
      branch: 'Branche',
      branchHint: 'Laissez vide pour la branche par défaut du dépôt.',
      token: 'Jeton d’accès',
      tokenHint:
        'Seulement pour un dépôt privé. Gardé en mémoire pour cet import uniquement : jamais écrit sur le disque, dans la base ni dans les journaux.',
      name: 'Nom du dossier dans le dossier des bases',
      nameHint: 'Laissez vide pour le déduire de l’adresse. Ce ne peut pas être un dossier qui existe déjà.',
      start: 'Importer',
      startHint: 'Copie et vérifie la base. Elle n’est servie qu’après votre confirmation, une fois lue.'
    },
    notices: {
      cancelled: 'Import annulé : rien n’a été conservé. Vos saisies sont toujours là.',
      discarded: 'Import abandonné : rien n’a été conservé. Vos saisies sont toujours là.'
    },
    progress: {
      title: 'Copie de la base…',
      from: 'Depuis',
      objects: '{{loaded}} objets reçus',
      objectsOf: '{{loaded}} objets sur {{total}}',
      waiting: 'En attente du serveur…',
      unknown: 'avancement inconnu',
      percent: '{{percent}} %',
      cancel: 'Annuler',
      cancelling: 'Annulation…',
      cancelHint: 'Annuler arrête la copie et supprime tout ce qui a déjà été récupéré.'
    },
    phases: {
      preparing: 'Préparation de la copie',
      counting: 'Le serveur compte ce qu’il doit envoyer',
      compressing: 'Le serveur prépare les fichiers',
      receiving: 'Réception des fichiers et de leur historique',
      resolving: 'Reconstitution de l’historique',
      'checking-out': 'Écriture des fichiers',
      copying: 'Copie du dossier',
      validating: 'Vérification que c’est une base valide',
      done: 'Finalisation'
    },
    failure: {
      reasons_one: 'La raison :',
      reasons_other: 'Toutes les raisons ({{count}}) :',
      nothingKept: 'Rien n’a été conservé dans le dossier des bases.',
      fix: {
        source: 'Modifier la source',
        branch: 'Modifier la branche',
        token: 'Saisir le jeton',
        name: 'Modifier le nom du dossier'
      },
      auth: {
        title: 'Le serveur demande un jeton d’accès, ou a refusé celui qui a été donné.',
        action:
          'Ce dépôt est privé : créez un jeton d’accès en lecture sur son site (GitHub, GitLab…), collez-le dans le champ du jeton, puis relancez l’import.'
      },
      unreachable: {
        title: 'Le serveur est injoignable.',
        action:
          'Vérifiez l’adresse et votre connexion réseau (un VPN est peut-être nécessaire), puis réessayez.'
      },
      branch: {
        title: 'Cette branche n’existe pas dans le dépôt.',
        action: 'Vérifiez son nom, ou laissez la branche vide pour prendre la branche par défaut.'
      },
      'not-git': {
        title: 'Ce n’est pas un dépôt git.',
        action: 'Vérifiez l’adresse : ce doit être l’adresse de clonage du dépôt, pas une page web.'
      },
      'not-bundle': {
        title: 'Ce dépôt n’est pas une base OKF.',
        action:
          'Une base OKF a un fichier okf-bundle.yaml à sa racine. Vérifiez que vous avez choisi le bon dépôt ou le bon dossier.'
      },
      'invalid-bundle': {
        title: 'Cette base n’est pas valide : le hub ne pourrait pas la servir.',
        action: 'Son auteur doit corriger ce qui est listé ci-dessous ; importez-la ensuite à nouveau.'
      },
      collision: {
        title: 'Une base du même nom est déjà servie.',
        action:
          'Deux bases ne peuvent pas avoir le même nom. Retirez d’abord l’autre, ou demandez une copie renommée.',
        actionNamed:
          'Deux bases ne peuvent pas avoir le même nom, et la base du dossier « {{other}} » le porte déjà. Retirez d’abord cette base (à la corbeille), ou demandez une copie renommée.'
      },
      exists: {
        title: 'Un dossier de ce nom existe déjà dans le dossier des bases.',
        action: 'Choisissez un autre nom de dossier.'
      },
      source: {
        title: 'Le hub ne peut pas utiliser cette source.',
        action: 'Vérifiez l’adresse ou le chemin, puis réessayez.'
      },
      cancelled: {
        title: 'L’import a été annulé.',
        action: 'Rien n’a été conservé. Relancez-le quand vous êtes prêt.'
      },
      other: {
        title: 'L’import a échoué.',
        action: 'Lisez le message ci-dessous, corrigez ce qu’il nomme, puis réessayez.'
      }
    },
    report: {
      title: 'La base a été copiée et vérifiée',
      refusedTitle: 'La base ne peut pas être importée',
      valid: '« {{base}} » est une base valide.',
      notServed:
        'Elle n’est pas encore servie : les agents ne la voient pas tant que vous ne l’avez pas lue et confirmée.',
      base: 'Nom',
      dirName: 'Dossier',
      source: 'Source',
      branch: 'Branche',
      defaultBranch: 'branche par défaut',
      documents: 'Documents',
      commits: 'Historique',
      commitsValue_one: '{{n}} commit',
      commitsValue_other: '{{n}} commits',
      warnings_one: '{{count}} avertissement de la vérification',
      warnings_other: '{{count}} avertissements de la vérification',
      noWarning: 'Aucun avertissement : la vérification n’a rien relevé.',
      continue: 'Continuer : lire avant la première utilisation'
    },
    review: {
      title: 'Avant la première utilisation : lisez ce que « {{base}} » dit aux agents',
      whyTitle: 'Ces textes atteignent tous les agents',
      why: 'Une fois la base servie, ses règles (GOVERNANCE.md) et ses instructions (CLAUDE.md) entrent dans le contexte de chaque agent qui utilise OKF Hub sur cet ordinateur (spécification OKF, §8). Ne la servez que si vous êtes d’accord avec ce qu’ils disent.',
      untrusted:
        'Ils ont été écrits par l’auteur de la base : ils sont affichés comme du texte, les liens ne s’ouvrent que si vous cliquez dessus.',
      manifestHint: 'La carte d’identité de la base',
      showAs: 'Afficher {{file}} en',
      rendered: 'Mis en forme',
      raw: 'Texte brut',
      noClaude: 'Cette base n’a pas de CLAUDE.md.',
      read: 'J’ai lu le manifeste, GOVERNANCE.md et CLAUDE.md de « {{base}} », et j’accepte que les agents les reçoivent.',
      serve: 'Servir cette base',
      serving: 'Mise en service…',
      serveHint:
        'Les agents voient la base dès maintenant ; vous pourrez la mettre à la corbeille à tout moment.',
      readFirst: 'Cochez la case ci-dessus une fois les trois textes lus.',
      discard: 'Abandonner'
    },
    done: {
      title: '« {{title}} » est servie',
      served: 'La base « {{base}} » est maintenant dans le dossier des bases, et servie.',
      agents: 'Les agents peuvent la chercher avec kb_search sous le nom {{base}}.',
      where: 'Dossier :',
      open: 'Ouvrir la base',
      another: 'Importer une autre base'
    },
    leave: {
      title: 'Quitter l’import ?',
      bodyRunning: 'La copie est en cours. Quitter l’annule et supprime tout ce qui a déjà été récupéré.',
      bodyStaged: 'La base est copiée mais pas servie. Quitter l’abandonne : rien n’est conservé.',
      cancel: 'Annuler l’import et quitter',
      discard: 'Abandonner et quitter'
    }
  },
  newBase: {
    title: 'Nouvelle base',
    explain:
      'Le hub écrit une base de départ que vous complétez ensuite : sa carte d’identité, des règles en brouillon, des instructions pour les agents et un document d’exemple.',
    baseTitle: 'Titre',
    titleHint: 'Ce que voient les personnes et les agents, par exemple « Manuel du support ».',
    titleMissing: 'Donnez un titre à la base.',
    name: 'Nom',
    nameRule:
      'Uniquement des lettres minuscules a–z, des chiffres 0–9 et des tirets « - », par exemple manuel-support. C’est le nom du dossier et celui qu’utilisent les agents.',
    nameProblems: {
      empty: 'Donnez un nom à la base.',
      uppercase: 'Les majuscules ne sont pas permises : écrivez « {{name}} » en minuscules.',
      space: 'Les espaces ne sont pas permises : utilisez des tirets « - » à la place.',
      characters: 'Non permis ici : {{chars}}',
      taken: 'Une base nommée « {{name}} » est déjà servie : choisissez un autre nom.'
    },
    description: 'Description',
    descriptionHint: 'Une ou deux phrases : à quoi sert la base. Les agents la lisent pour choisir une base.',
    descriptionMissing: 'Décrivez la base en une phrase.',
    whatTitle: 'Ce que le hub écrit',
    what: 'Un dossier avec le manifeste de la base (commenté), GOVERNANCE.md (règles en brouillon, avec des exemples), CLAUDE.md, un document d’exemple, INSTANTIATE.md (ce qu’il reste à remplir), et son propre historique git qui commence par un premier commit. Elle est servie aussitôt.',
    refused: 'Base non créée',
    create: 'Créer la base',
    creating: 'Création…'
  },
  trash: {
    title: 'Corbeille',
    explain:
      'Les bases que vous avez retirées attendent ici, dans le dossier des bases, avec leurs fichiers et leur historique. Les agents ne les voient pas. Restaurez-en une pour la servir à nouveau.',
    loading: 'Chargement de la corbeille',
    listLabel: 'Bases dans la corbeille',
    emptyTitle: 'Aucune base à la corbeille',
    emptyBody:
      'Une base que vous mettez à la corbeille (le bouton « Mettre à la corbeille » sur sa page) attend ici jusqu’à ce que vous la restauriez.',
    folder: 'dossier {{dir}}',
    removedAt: 'Retirée',
    restore: 'Restaurer',
    restoreLabel: 'Restaurer {{base}}',
    restoring: 'Restauration…',
    restoredTitle: '« {{title}} » est à nouveau servie.',
    openRestored: 'Ouvrir {{base}}',
    remove: 'Mettre à la corbeille',
    confirmTitle: 'Mettre « {{title}} » à la corbeille ?',
    confirmBody:
      'La base {{base}} va dans la corbeille, à l’intérieur du dossier des bases, avec ses fichiers et son historique. Vous pourrez la restaurer depuis la corbeille.',
    confirmAgents: 'Les agents ne la voient plus dès maintenant. Ses propositions en attente y restent.',
    confirm: 'Mettre à la corbeille',
    removing: 'Retrait…',
    removedTitle: '« {{base}} » est dans la corbeille.',
    removedBody: 'Les agents ne la voient plus. Ses fichiers et son historique sont conservés.',
    open: 'Ouvrir la corbeille'
  },
  hosts: {
    title: 'Applications d’IA',
    explain:
      'Inscrivez OKF Hub dans les applications d’IA de cet ordinateur pour que leurs agents puissent chercher dans vos bases et proposer des ajouts.',
    listLabel: 'Applications d’IA',
    loading: 'Lecture de la configuration des applications d’IA',
    whatTitle: 'Ce que l’inscription écrit',
    what: 'Une entrée nommée OKF Hub dans le fichier de configuration de l’application : la commande qui démarre le serveur du hub. Les autres entrées, réglages et commentaires de ce fichier restent tels quels, et une copie de sauvegarde datée est faite avant. Redémarrez l’application pour qu’elle voie le changement.',
    checkAll: 'Tout vérifier',
    checking: 'Vérification…',
    checkHint:
      'Vérifier lance la commande inscrite exactement comme le ferait l’application, et lui demande ses outils.',
    names: hostNames,
    status: {
      working: 'Inscrit et fonctionnel',
      registered: 'Inscrit (pas encore vérifié)',
      broken: 'Inscrit, mais ne démarre pas',
      problem: 'Problème',
      absent: 'Non inscrit',
      missing: 'N’est plus inscrit'
    },
    installed: 'installée',
    notInstalled: 'introuvable sur cet ordinateur',
    configFile: 'Fichier de configuration',
    noConfigFile: 'inconnu sur ce système',
    otherFiles: 'Trouvés aussi',
    backup: 'Dernière sauvegarde',
    noBackup: 'aucune pour l’instant',
    afterRegister: sharedFr.afterRegister,
    done: {
      register: 'C’est fait : {{host}} trouve maintenant OKF Hub.',
      unregister: 'C’est fait : OKF Hub est retiré de {{host}}.',
      check: 'Vérifié.'
    },
    register: 'Inscrire',
    registering: 'Inscription…',
    repair: 'Réparer',
    repairing: 'Réparation…',
    unregister: 'Désinscrire',
    unregistering: 'Désinscription…',
    check: 'Vérifier',
    banner: '{{host}} ne trouve plus OKF Hub',
    bannerWhy:
      'Une mise à jour de l’application a probablement réécrit sa configuration. Réparer réécrit l’entrée (une sauvegarde est faite avant).',
    bannerRepaired: '{{host}} trouve à nouveau OKF Hub. Redémarrez-la pour qu’elle voie le changement.',
    seeAll: 'Toutes les applications d’IA',
    dismissBanner: 'Masquer ce message'
  },
  syncTeam: {
    mode: {
      main: 'Dépose directement sur {{branch}}',
      inbox: 'Mode boîte de dépôt : dépose sur {{inbox}}, le gestionnaire intègre',
      manager: 'Gestionnaire : intègre la boîte de dépôt de chaque contributeur dans {{branch}}'
    },
    modeHint:
      'Comment ce hub envoie ses propositions au dépôt distant (réglage sync-mode de cette base : auto, main, inbox ou manager).',
    waiting_one: '{{count}} proposition attend le gestionnaire.',
    waiting_other: '{{count}} propositions attendent le gestionnaire.',
    inboxes_one: '{{count}} boîte de dépôt vue, {{waiting}} proposition(s) en attente.',
    inboxes_other: '{{count}} boîtes de dépôt vues, {{waiting}} proposition(s) en attente.',
    collected_one: '{{count}} proposition intégrée depuis les boîtes de dépôt.',
    collected_other: '{{count}} propositions intégrées depuis les boîtes de dépôt.',
    alerts: sharedFr.syncAlerts
  },
  sync: {
    state: {
      'up-to-date': 'À jour',
      behind_one: '{{count}} en retard',
      behind_other: '{{count}} en retard',
      ahead_one: '{{count}} à envoyer',
      ahead_other: '{{count}} à envoyer',
      neverFetched: 'Pas encore synchronisée',
      diverged: 'Divergée',
      unreachable: 'Distant injoignable',
      'auth-required': 'Authentification requise',
      error: 'Synchronisation en échec'
    },
    explain: {
      upToDate: 'Identique au dépôt de l’équipe lors de la dernière récupération.',
      neverSynced:
        'Identique au dépôt de l’équipe lors de sa récupération à l’import ; pas synchronisée par ce hub depuis.',
      neverFetched: 'Pas encore comparée au dépôt de l’équipe : Synchroniser le récupère.',
      inInbox_one:
        '{{count}} modification déposée dans votre boîte sur le dépôt de l’équipe, en attente du responsable.',
      inInbox_other:
        '{{count}} modifications déposées dans votre boîte sur le dépôt de l’équipe, en attente du responsable.',
      behind_one:
        '{{count}} modification du dépôt de l’équipe n’est pas encore ici : Synchroniser l’apporte.',
      behind_other:
        '{{count}} modifications du dépôt de l’équipe ne sont pas encore ici : Synchroniser les apporte.',
      ahead_one: 'Pas encore sur le dépôt de l’équipe : {{what}}. « Envoyer » l’y dépose.',
      ahead_other: 'Pas encore sur le dépôt de l’équipe : {{what}}. « Envoyer » les y dépose.',
      aheadInbox_one:
        'Pas encore sur le dépôt de l’équipe : {{what}}. « Synchroniser » le dépose dans votre boîte pour le responsable.',
      aheadInbox_other:
        'Pas encore sur le dépôt de l’équipe : {{what}}. « Synchroniser » les dépose dans votre boîte pour le responsable.',
      proposals_one: '{{count}} proposition déposée ici',
      proposals_other: '{{count}} propositions déposées ici',
      proposalsManager_one: '{{count}} proposition déposée ici ou intégrée depuis une boîte',
      proposalsManager_other: '{{count}} propositions déposées ici ou intégrées depuis les boîtes',
      decisions_one: '{{count}} décision prise ici',
      decisions_other: '{{count}} décisions prises ici',
      other_one: '{{count}} autre modification faite ici',
      other_other: '{{count}} autres modifications faites ici',
      diverged:
        'Cette base et le dépôt de l’équipe ont tous deux changé depuis leur dernière rencontre : voir ci-dessous quoi faire.'
    },
    synced: 'synchronisée',
    never: 'jamais synchronisée',
    statusLabel: 'Synchronisation avec le dépôt distant',
    sync: 'Synchroniser',
    syncing: 'Synchronisation…',
    syncHint:
      'Récupérer les changements du dépôt distant et y amener cette base (jamais de fusion, rien des vôtres n’est réécrit).',
    push: 'Envoyer',
    pushing: 'Envoi…',
    pushHint_one: 'Synchroniser, puis envoyer le commit local au dépôt distant.',
    pushHint_other: 'Synchroniser, puis envoyer les {{count}} commits locaux au dépôt distant.',
    pushNothing:
      'Synchroniser, puis envoyer les commits locaux au dépôt distant (aucun n’attend pour l’instant).',
    calling: 'Synchronisation de {{base}}',
    result: {
      upToDate: 'Déjà à jour avec {{remote}}.',
      fetched_one: '{{count}} commit récupéré de {{remote}} : la base est à jour.',
      fetched_other: '{{count}} commits récupérés de {{remote}} : la base est à jour.',
      pushed_one: '{{count}} commit envoyé sur {{remote}}.',
      pushed_other: '{{count}} commits envoyés sur {{remote}}.',
      stillAhead_one:
        '{{count}} commit local n’est pas encore sur {{remote}} : cliquez Envoyer pour l’envoyer.',
      stillAhead_other:
        '{{count}} commits locaux ne sont pas encore sur {{remote}} : cliquez Envoyer pour les envoyer.'
    },
    dirty: {
      title_one: '{{count}} commit à récupérer, mais des fichiers modifiés ici sont dans le chemin',
      title_other: '{{count}} commits à récupérer, mais des fichiers modifiés ici sont dans le chemin',
      body: 'Ces fichiers ont été modifiés dans le dossier de la base sans commit, et le dépôt distant les a changés aussi. Rien n’a été écrit. Gardez ces modifications dans un commit ou mettez-les de côté, puis synchronisez de nouveau.',
      open: 'Garder ou mettre de côté ces modifications'
    },
    unreachable: {
      title: 'Le dépôt distant ne répond pas',
      body: '{{url}} n’a pas répondu. Vérifiez votre connexion et l’adresse, puis réessayez. Rien n’a été perdu : vos commits locaux restent ici et partiront la prochaine fois.'
    },
    error: {
      title: 'La synchronisation n’a pas abouti',
      body: 'Rien n’a été forcé : la base est comme avant.'
    },
    /** Pourquoi une synchronisation a échoué (`SyncProblemKind`), et que faire. */
    problems: {
      'detached-head':
        'Cette copie de la base n’est sur aucune branche (une ancienne version a été extraite avec git) : elle ne peut pas être synchronisée. Importez de nouveau la base depuis son dépôt distant, ou demandez à qui a préparé cette copie.',
      'head-unreadable':
        'Cette copie de la base ne sait plus sur quelle branche elle est : ses fichiers git sont abîmés. Importez de nouveau la base depuis son dépôt distant.',
      'repo-unreadable':
        'Les fichiers git de cette base sont abîmés ou absents. Importez de nouveau la base depuis son dépôt distant.',
      'no-commits': 'Cette base n’a encore aucune version enregistrée : il n’y a rien à synchroniser.',
      'not-http':
        'Son dépôt distant ({{remote}}, {{url}}) est une adresse SSH ou un dossier ; le hub ne synchronise que les adresses http(s). Demandez à votre équipe l’adresse https du dépôt.',
      'no-hub-id':
        'Ce hub n’a pas d’identifiant d’installation, nécessaire pour déposer dans une boîte. Redémarrez l’application ; si cela persiste, signalez-le.',
      'remote-branch-missing':
        'Le dépôt de l’équipe n’a pas encore de branche {{branch}}. Le gestionnaire de la base la crée en synchronisant une fois depuis son hub.',
      'push-protected':
        'Le dépôt de l’équipe protège {{branch}}, et ce hub n’a pas le droit de la mettre à jour. Rien n’est perdu : vos changements restent ici. Demandez au gestionnaire de la base de vérifier qui peut la mettre à jour.',
      'remote-refused':
        'Le dépôt de l’équipe a refusé l’échange. Rien n’est perdu : vos changements restent ici. Réessayez ; si cela persiste, les détails techniques disent ce que le dépôt a répondu.',
      'remote-missing':
        'Aucun dépôt n’a été trouvé à {{url}} : il a peut-être été renommé, déplacé ou supprimé, ou le jeton enregistré pour cette adresse n’y a pas accès. Rien n’est perdu. Vérifiez l’adresse auprès de votre équipe.',
      'base-busy':
        'Une autre modification était en cours d’écriture dans cette base au même moment. Réessayez.',
      'git-lock-stale':
        'Une commande git interrompue a laissé cette base verrouillée ({{file}}), et git ne retire jamais un tel verrou. Si aucun programme git ne travaille sur cette base, et qu’aucun éditeur de message de commit n’y est ouvert, retirez le verrou, puis réessayez.',
      unexpected: 'Un imprévu a arrêté la synchronisation ; les détails techniques disent lequel.'
    },
    diverged: {
      title: 'Cette base et son dépôt distant ont divergé',
      what: 'Pendant que vous travailliez, quelqu’un a modifié sur {{remote}} un fichier que l’une de vos résolutions modifie aussi — ou un commit a été fait hors du hub. Le hub ne fusionne jamais et ne force rien : vos commits locaux sont intacts et rien n’a été envoyé.',
      paths_one: 'Le fichier modifié des deux côtés :',
      paths_other: 'Les fichiers modifiés des deux côtés :',
      todo: 'Que faire',
      setAside:
        'Mettez votre résolution de côté : elle est gardée dans une branche à part, la base reprend la version du dépôt distant (les nouvelles propositions restent), et vos décisions reviennent dans le plan, pour les prévisualiser sur cette version et résoudre de nouveau :',
      setAsideButton: 'Mettre de côté et replanifier',
      settingAside: 'Mise de côté…',
      setAsideFailed: 'la mise de côté de la résolution',
      git: 'Un commit fait hors du hub, avec un autre outil, est en travers, et le hub n’en réécrit jamais. Celui ou celle qui l’a fait le ramène sur la version du dépôt distant avec l’outil qui a servi à le faire (ou demande à quelqu’un qui le connaît) ; puis synchronisez de nouveau.',
      ask_one:
        'Ou voyez avec la personne qui a modifié ce fichier sur le dépôt distant : convenez du changement qui reste, puis l’un de vous deux le refait.',
      ask_other:
        'Ou voyez avec la personne qui a modifié ces fichiers sur le dépôt distant : convenez du changement qui reste, puis l’un de vous deux le refait.'
    },
    auth: {
      title: 'Le dépôt distant demande un jeton',
      body: '{{host}} refuse la synchronisation sans jeton valide. Collez un jeton d’accès personnel qui peut lire et écrire ce dépôt.',
      token: 'Jeton pour {{host}}',
      save: 'Enregistrer et réessayer',
      saving: 'Enregistrement…',
      empty: 'Collez d’abord le jeton.',
      persistent:
        'Le jeton est chiffré par le trousseau de votre système et gardé pour la prochaine fois. Il n’est jamais écrit en clair, ni dans le dépôt.',
      memory:
        'Le jeton reste en mémoire jusqu’à l’arrêt du hub (dans le navigateur, rien n’est gardé sur le disque) : vous le collerez de nouveau après un redémarrage.',
      fromEnvironment: 'OKF_HUB_GIT_TOKEN est défini : il sert pour chaque hôte sans jeton enregistré.'
    },
    stored: 'Un jeton est enregistré pour {{host}}.',
    storedMemory: 'Un jeton est gardé en mémoire pour {{host}} jusqu’à l’arrêt du hub.',
    forget: 'Oublier ce jeton',
    forgetting: 'Oubli…',
    credentialsFailed: 'Le jeton n’a pas pu être enregistré ou oublié'
  },
  /** Issue 25 §3 : aucune étape n’exige git — modifications non commitées, mises de côté, gouvernance. */
  localChanges: {
    title: 'Modifications non commitées',
    back: 'Retour à la base',
    backToPlan: 'Retour au plan',
    explain:
      'Ces fichiers de la base ont été modifiés dans son dossier, hors du hub, et ne sont pas encore dans son historique. Le hub n’écrit jamais par-dessus : gardez-les dans un commit à votre nom, ou mettez-les de côté à la corbeille (vous pourrez les restaurer).',
    fromPlan:
      'Le plan s’est arrêté sur ces modifications. Une fois gardées ou mises de côté, revenez au plan et résolvez.',
    loading: 'Lecture des fichiers de la base',
    noneTitle: 'Aucune modification non commitée',
    noneBody: 'Les fichiers de la base sont exactement ceux de son historique.',
    count_one: '{{count}} fichier modifié',
    count_other: '{{count}} fichiers modifiés',
    kinds: { modified: 'modifié', deleted: 'supprimé', untracked: 'nouveau' },
    binary: 'Fichier binaire ({{size}} octets) : non affiché.',
    tooLarge: 'Trop grand pour être affiché ({{size}} octets).',
    keep: 'Les garder…',
    keepTitle: 'Les garder dans un commit',
    keepBody_one:
      'Un commit avec exactement ce fichier, signé {{author}}, avec votre message. Rien d’autre de la base n’est enregistré.',
    keepBody_other:
      'Un commit avec exactement ces {{count}} fichiers, signé {{author}}, avec votre message. Rien d’autre de la base n’est enregistré.',
    message: 'Message du commit',
    messageHint: 'Ce que sont ces modifications, en une première ligne (d’autres lignes ensuite si besoin).',
    messageMissing: 'Écrivez d’abord le message.',
    author: 'Votre nom',
    authorHint: 'Il signe le commit, et reste retenu pour vos revues.',
    authorMissing: 'Saisissez d’abord votre nom.',
    keepConfirm: 'Garder dans un commit',
    keeping: 'Commit en cours…',
    keptTitle_one: 'Gardé : commit {{commit}}, {{count}} fichier.',
    keptTitle_other: 'Gardé : commit {{commit}}, {{count}} fichiers.',
    setAside: 'Les mettre de côté…',
    setAsideTitle: 'Les mettre de côté',
    setAsideBody_one:
      'Ce fichier est copié à la corbeille avec la date du jour, puis remis tel qu’il est dans l’historique de la base. Vous pourrez restaurer la modification depuis la corbeille.',
    setAsideBody_other:
      'Ces {{count}} fichiers sont copiés à la corbeille avec la date du jour, puis remis tels qu’ils sont dans l’historique de la base. Vous pourrez restaurer les modifications depuis la corbeille.',
    setAsideConfirm: 'Mettre de côté',
    settingAside: 'Mise de côté…',
    setAsideDone:
      'Mis de côté : les fichiers sont revenus à l’historique de la base ; les modifications attendent à la corbeille.',
    openTrash: 'Ouvrir la corbeille',
    cancel: 'Annuler',
    failed: 'Action sur les modifications',
    openPanel: 'Voir les modifications non commitées',
    planBlocked: 'Gardez ou mettez de côté ces modifications depuis l’application, puis revenez résoudre.'
  },
  setAsideChanges: {
    title: 'Modifications mises de côté',
    explain:
      'Les modifications non commitées que vous avez mises de côté, avec leur date. Restaurer les réécrit dans la base, non commitées, telles qu’elles étaient.',
    empty: 'Aucune modification mise de côté.',
    files_one: '{{count}} fichier',
    files_other: '{{count}} fichiers',
    restore: 'Restaurer',
    restoreLabel: 'Restaurer les modifications de {{base}} mises de côté le {{date}}',
    restoring: 'Restauration…',
    restored: 'Les modifications sont de retour dans {{base}}, non commitées.',
    openChanges: 'Les voir',
    failed: 'Restauration des modifications'
  },
  governanceEdit: {
    edit: 'Modifier',
    editLabel: 'Modifier la gouvernance',
    merged_one:
      '{{files}} a changé depuis l’ouverture de l’éditeur (une autre fenêtre ou un collègue). Votre modification s’applique à la version actuelle : l’autre changement est gardé, comme le montre le diff.',
    merged_other:
      '{{files}} ont changé depuis l’ouverture de l’éditeur (une autre fenêtre ou un collègue). Vos modifications s’appliquent aux versions actuelles : les autres changements sont gardés, comme le montrent les diffs.',
    cancel: 'Annuler',
    explain:
      'Modifiez les règles, leur statut, le schéma, le titre et la description. L’aperçu montre chaque changement ; puis un commit les enregistre, signé de votre nom.',
    status: 'Statut des règles',
    draft: 'Brouillon',
    draftHint: 'Pas encore validées : les agents sont prévenus qu’elles peuvent changer.',
    stable: 'Stable',
    stableHint: 'Validées : ce sont les règles de la base.',
    rules: 'Règles ({{file}})',
    schema: 'Schéma ({{file}})',
    baseTitle: 'Titre',
    description: 'Description',
    identityHint:
      'Montrés à chaque agent connecté au hub pour choisir une base : factuels, une ligne, aucune consigne.',
    summary: 'Ce que vous avez changé',
    summaryHint: 'Le sujet du commit ; laissé vide, le hub nomme ce qui a changé.',
    reviewer: 'Relu par',
    reviewerHint: 'Votre nom, comme dans vos revues.',
    preview: 'Prévisualiser',
    previewing: 'Aperçu…',
    previewTitle: 'Ce qui sera écrit',
    previewFailed: 'Aperçu de la gouvernance',
    commitMessage: 'Message du commit',
    commit: 'Commiter ces changements',
    committing: 'Commit en cours…',
    commitFailed: 'Commit de la gouvernance',
    committed: 'Gouvernance commitée : {{commit}}.'
  },
  notFound: {
    title: 'Cette page n’existe pas'
  },
  routeError: {
    title: 'Cet écran n’a pas pu s’afficher',
    body: 'Un problème est survenu pendant son affichage. Rien n’a été écrit.',
    reload: 'Recharger'
  }
}
