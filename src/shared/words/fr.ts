import type { Resources } from './types'
import type { sharedEn } from './en'

/** Les mêmes mots en français : exactement les clés anglaises (le type l'exige). */
export const sharedFr: Resources<typeof sharedEn> = {
  errorKinds: {
    'host-config-strict-json': {
      title:
        'Cette application lit {{file}} en JSON strict, et le fichier contient des commentaires ou des virgules finales.',
      action:
        'Elle ne peut pas y lire l’inscription d’OKF Hub : rien n’a été écrit. Retirez les commentaires et les virgules finales du fichier, puis réessayez.'
    },
    'host-config-read-only': {
      title: '{{file}} est en lecture seule.',
      action:
        'Rien n’a été écrit. Rendez le fichier modifiable (ou ajoutez l’entrée vous-même), puis réessayez.'
    },
    'stale-preview': {
      title: 'L’aperçu n’est plus à jour : {{paths}} a changé depuis.',
      action: 'Rien n’a été écrit. Regardez ce qui a changé, puis prévisualisez à nouveau.'
    },
    'proposal-not-pending': {
      title:
        'La proposition {{id}} n’est plus en attente : elle a été résolue ou retirée depuis son entrée dans le plan.',
      action:
        'Rien n’a été écrit. Si une autre fenêtre ou un autre hub l’a résolue, sa carte dans le plan dit qui. Retirez-la du plan, puis prévisualisez à nouveau.'
    },
    'proposal-malformed': {
      title:
        'La proposition {{id}} ne peut pas être résolue : son fichier {{path}} n’est pas une proposition bien formée.',
      action:
        'Rien n’a été écrit. Le fichier d’une proposition porte son identifiant (prop-AAAA-MM-JJ-xxxx), comme les agents les déposent ; celui-ci a été écrit à la main. Retirez-la du plan ; le fichier doit être renommé ou supprimé dans le dépôt de la base.'
    },
    'section-not-found': {
      title: 'La section « {{section}} » n’est plus dans {{path}} : elle a été renommée ou supprimée.',
      action:
        'Ses titres aujourd’hui : {{headings}}. Choisissez-en un dans la modification, puis prévisualisez à nouveau.'
    },
    'local-changes': {
      title: 'Des fichiers de cette base ont été modifiés hors du hub sans être commités : {{paths}}.',
      action:
        'Rien n’a été écrit. Regardez ces modifications, puis gardez-les (un commit à votre nom) ou mettez-les de côté (à la corbeille, restaurables), et recommencez.'
    },
    'local-changes-moved': {
      title: 'Les modifications non commitées ne sont plus celles que vous avez regardées.',
      action: 'Rien n’a été fait. Regardez-les de nouveau, puis choisissez.'
    },
    'commit-message-missing': {
      title: 'Le commit a besoin d’un message.',
      action: 'Dites en une ligne ce que sont ces modifications.'
    },
    'reviewer-missing': {
      title: 'Votre nom manque.',
      action: 'Saisissez votre nom (il signe le commit), puis recommencez.'
    },
    'set-aside-restore-blocked': {
      title: 'Ces fichiers ont changé depuis leur mise de côté : {{paths}}.',
      action:
        'Rien n’a été restauré. Gardez ou mettez de côté leurs nouvelles modifications d’abord, puis restaurez.'
    },
    'set-aside-missing': {
      title: 'Ces modifications mises de côté ne sont plus dans la corbeille.',
      action: 'Rechargez la corbeille : elles ont été restaurées ou supprimées entre-temps.'
    },
    'set-aside-base-gone': {
      title: 'La base « {{base}} » de ces modifications n’est plus ouverte dans le hub.',
      action:
        'Remettez d’abord la base en place (depuis la corbeille, si elle y est), puis restaurez ses modifications.'
    },
    'governance-invalid-yaml': {
      title: '{{file}} n’est pas du YAML valide.',
      action:
        'Rien n’a été écrit. Corrigez-le (les détails techniques disent où), puis prévisualisez à nouveau.'
    },
    'governance-invalid-field': {
      title: 'Le titre ou la description est refusé.',
      action:
        'Chacun tient sur une ligne, non vide, sans tabulation : 100 caractères au plus pour le titre, 500 pour la description.'
    },
    'governance-unchanged': {
      title: 'Rien ne change dans la gouvernance.',
      action: 'Modifiez d’abord les règles, leur statut, le schéma, le titre ou la description.'
    },
    'governance-moved': {
      title: 'Les fichiers de gouvernance ont changé depuis l’aperçu.',
      action:
        'Rien n’a été écrit. Prévisualisez à nouveau : votre modification s’applique à la version actuelle, l’autre changement est gardé.'
    },
    'governance-edit-conflict': {
      title:
        'Quelqu’un d’autre a modifié {{file}} aux lignes que vous avez changées, depuis l’ouverture de l’éditeur.',
      action:
        'Rien n’a été écrit. Copiez votre texte, appuyez sur Annuler, puis sur Modifier pour repartir de la version actuelle.'
    },
    'edit-path-invalid': {
      title: '« {{path}} » n’est pas un chemin parmi les documents de la base.',
      action:
        'Écrivez le chemin du document comme la liste le montre (depuis le dossier des documents, sans « .. »), puis prévisualisez à nouveau.'
    },
    'edit-path-excluded': {
      title: '{{path}} n’est pas un document de la base : ses règles et ses propositions sont tenues à part.',
      action:
        'Choisissez un document de la base. Les règles se modifient depuis l’onglet Gouvernance, les propositions en décidant à leur sujet.'
    },
    'edit-path-link': {
      title:
        '{{path}} est un lien vers un autre fichier, ou passe par un lien : le hub n’écrit pas à travers les liens.',
      action:
        'Modifiez le fichier vers lequel mène le lien, par son propre chemin, puis prévisualisez à nouveau.'
    },
    'edit-path-other-repository': {
      title:
        '{{path}} se trouve dans {{folder}}, un dépôt git à part (un sous-module, ou un clone à l’intérieur de la base) : le commit de cette base ne peut pas le contenir.',
      action:
        'Rien n’a été écrit. Modifiez ce document dans son propre dépôt, puis mettez à jour le sous-module dans cette base ; retirez cette édition du plan.'
    },
    'edit-path-not-markdown': {
      title: '{{path}} n’est pas un document Markdown (.md).',
      action:
        'Un plan ne modifie que des documents .md : choisissez-en un dans la liste, puis prévisualisez à nouveau.'
    },
    'section-content-heading': {
      title: 'Le nouveau texte de la section « {{section}} » de {{path}} ne commence pas par son titre.',
      action:
        'Gardez un titre de niveau {{level}} en première ligne ({{hashes}} …) — vous pouvez le renommer —, puis prévisualisez à nouveau.'
    },
    'document-not-utf8': {
      title: '{{path}} n’est pas un texte UTF-8 : le modifier altérerait ses autres octets.',
      action:
        'Rien n’a été écrit. Enregistrez ce fichier en UTF-8 avec un autre programme, puis prévisualisez à nouveau.'
    },
    'integrated-into-missing': {
      title:
        '{{path}}, coché dans « Intégrée dans » pour {{id}}, n’existe pas dans la base, et aucune modification du plan ne le crée.',
      action:
        'Corrigez ou décochez ce chemin, ou ajoutez une modification qui crée le document, puis prévisualisez à nouveau.'
    },
    'proposal-not-committed': {
      title:
        'La proposition {{id}} est dans le dossier des propositions mais pas encore dans l’historique de la base.',
      action:
        'Rien n’a été écrit. Utilisez « Réparer » dans l’inventaire de la base pour l’enregistrer, puis prévisualisez à nouveau.'
    },
    'proposal-copy-exists': {
      title: 'Une copie de la proposition {{id}} se trouve déjà en {{path}}.',
      action:
        'Rien n’a été écrit. Utilisez « Réparer » dans l’inventaire de la base (la copie valide est gardée), puis prévisualisez à nouveau.'
    },
    'frontmatter-unmergeable': {
      title:
        'Les champs en tête de {{path}} sont écrits d’une façon que le hub ne peut pas modifier sans risque pour les autres.',
      action:
        'Rien n’a été écrit. Corrigez ces champs avec un autre programme — ou, pour un document, modifiez plutôt son texte entier —, puis réessayez.'
    },
    'frontmatter-field-invalid': {
      title: 'Un champ donné pour {{path}} ne peut pas être écrit tel quel.',
      action:
        'Le nom d’un champ tient sur une ligne de texte simple ; sa valeur est un texte, un nombre, true/false ou une [liste]. Corrigez-le, puis prévisualisez à nouveau.'
    },
    'document-not-found': {
      title: 'Cette base n’a pas de document {{path}}.',
      action: 'Il a peut-être été renommé ou supprimé depuis. Choisissez un document dans la liste.'
    },
    'draft-changed': {
      title: 'Ce plan a été modifié dans une autre fenêtre.',
      action:
        'Une autre fenêtre ou un autre onglet a enregistré ce plan depuis que celle-ci l’a ouvert. Chargez cette version, ou gardez la vôtre (elle remplace l’autre).'
    },
    'draft-too-large': {
      title: 'Ce plan est trop volumineux pour être gardé en brouillon (plus de {{megabytes}} Mo).',
      action:
        'Vos modifications restent sur cet écran, mais elles sont perdues si vous le fermez. Allégez le plan, ou prévisualisez-le et résolvez-le maintenant.'
    },
    'settings-not-saved': {
      title: 'Le fichier de réglages {{file}} n’a pas pu être écrit.',
      action:
        'Rien n’a changé. Vérifiez que son dossier est accessible en écriture et que le disque n’est pas plein, puis modifiez de nouveau le réglage.'
    },
    'proposal-field-invalid': {
      title: 'Le champ {{field}} de la proposition enfreint les règles de dépôt.',
      action:
        'Elle ne peut pas être déposée telle quelle : corrigez le fichier ou demandez à l’agent de la déposer de nouveau.'
    },
    'commit-not-found': {
      title: 'Cette modification ({{commit}}) n’est pas dans cette copie de la base.',
      action:
        'Une synchronisation l’a peut-être défaite, ou elle appartient à une autre copie. Revenez à l’historique et ouvrez-en une qui y figure.'
    },
    'unknown-base': {
      title: 'Aucune base ne s’appelle « {{name}} ».',
      action:
        'Elle a peut-être été retirée ou renommée. Revenez à la liste des bases et choisissez-en une qui existe.'
    },
    'git-lock-stale': {
      title: 'Une commande git interrompue a laissé cette base verrouillée.',
      action:
        'Rien n’a été écrit. Git ne garde son fichier de verrou ({{file}}) que le temps d’une commande, et ne retire jamais celui d’une commande arrêtée en route. Si aucun programme git ne travaille sur cette base, et qu’aucun éditeur de message de commit n’y est ouvert, retirez le verrou, puis réessayez.'
    },
    'git-lock-recent': {
      title: 'Un programme git travaille sur cette base en ce moment.',
      action:
        'Le verrou ({{file}}) vient d’être repris : il a été laissé en place. Attendez que ce programme ait fini, puis réessayez.'
    },
    'detached-head': {
      title: 'Cette copie de la base n’est sur aucune branche (elle est à la version {{commit}}).',
      action:
        'Rien n’a été écrit. Quelqu’un a ouvert une ancienne version avec git, ou une opération git (un rebase) est en cours : ce que le hub écrirait maintenant n’appartiendrait à aucune branche, et disparaîtrait de la base à son retour sur sa branche. Demandez à la personne concernée de ramener la base sur sa branche, puis réessayez.'
    },
    'base-busy': {
      title: 'Cette base est occupée par une autre modification.',
      action: 'Rien n’a été écrit. Patientez un instant, puis réessayez.'
    },
    unexpected: {
      title: 'Un problème inattendu est survenu.',
      action:
        'Rien n’a été modifié. Réessayez ; si l’échec se répète, les détails techniques ci-dessous aident à le signaler.'
    },
    'import-source-empty': {
      title: 'Aucune source n’a été donnée.',
      action: 'Saisissez l’adresse https d’un dépôt git, ou le chemin complet d’un dossier de cet ordinateur.'
    },
    'import-url-unreadable': {
      title: 'Cette adresse est illisible.',
      action: 'Copiez l’adresse https que montre le bouton « Clone » du site du dépôt et collez-la ici.'
    },
    'import-url-protocol': {
      title: 'Les adresses commençant par « {{protocol}} » ne sont pas prises en charge.',
      action: 'Saisissez l’adresse https du dépôt, ou le chemin d’un dossier de cet ordinateur.'
    },
    'import-url-credentials': {
      title: 'L’adresse contient un identifiant ou un mot de passe.',
      action: 'Retirez-les de l’adresse (git les garderait en clair) et mettez le jeton dans le champ prévu.'
    },
    'import-url-query': {
      title: 'L’adresse contient des paramètres (?…) ou une ancre (#…).',
      action: 'Saisissez l’adresse de clonage du dépôt telle quelle, sans rien après.'
    },
    'import-url-no-path': {
      title: 'L’adresse {{origin}} ne nomme aucun dépôt.',
      action: 'Ajoutez le chemin du dépôt, par exemple …/organisation/depot.git.'
    },
    'import-url-ssh': {
      title: 'Les adresses SSH ne sont pas prises en charge.',
      action: 'Saisissez l’adresse https du dépôt (et un jeton d’accès s’il est privé).'
    },
    'import-path-relative': {
      title: 'Le chemin « {{path}} » n’est pas un chemin complet.',
      action: 'Saisissez le chemin complet du dossier, depuis la racine du disque.'
    },
    'import-branch-invalid': {
      title: '« {{branch}} » ne peut pas être un nom de branche.',
      action: 'Vérifiez le nom de la branche, ou laissez le champ vide pour prendre la branche par défaut.'
    },
    'import-auth-required': {
      title: 'Le dépôt {{url}} demande une identification.',
      action:
        'Il est privé, ou l’adresse est fausse (certains sites répondent ainsi pour un dépôt inexistant). Vérifiez l’adresse, puis saisissez un jeton d’accès en lecture dans le champ « jeton ».'
    },
    'import-token-refused': {
      title: '{{host}} a refusé le jeton (HTTP {{status}}).',
      action:
        'Le jeton est faux, expiré, ou ne peut pas lire ce dépôt. Créez un jeton avec l’accès en lecture au dépôt (GitHub : Contents read-only ; GitLab : read_repository ; Gitea : read:repository) et saisissez-le à nouveau.'
    },
    'import-access-denied': {
      title: 'Le dépôt {{url}} refuse l’accès (HTTP {{status}}).',
      action:
        'Il est privé : saisissez un jeton d’accès en lecture dans le champ « jeton », puis importez à nouveau.'
    },
    'import-repo-not-found': {
      title: 'Aucun dépôt git à l’adresse {{url}} (HTTP {{status}}).',
      action:
        'Vérifiez l’adresse : prenez celle que donne le bouton « Clone » du site, en https, souvent terminée par .git.'
    },
    'import-server-error': {
      title: 'Le serveur {{host}} est en erreur (HTTP {{status}}).',
      action: 'Le problème vient du serveur. Réessayez plus tard.'
    },
    'import-not-git': {
      title: '{{url}} n’est pas un dépôt git.',
      action:
        'Cela ressemble à une page web. Saisissez l’adresse de clonage du dépôt (bouton « Clone » du site, souvent terminée par .git).'
    },
    'import-branch-missing': {
      title: 'La branche « {{branch}} » n’existe pas dans {{source}}.',
      action:
        'Branches présentes : {{branches}}. Vérifiez le nom, ou laissez le champ vide pour prendre la branche par défaut.'
    },
    'import-default-branch-missing': {
      title: '{{source}} désigne « {{branch}} » comme branche courante, mais n’a pas cette branche.',
      action:
        'Branches présentes : {{branches}}. Indiquez-en une dans le champ branche (--branch en ligne de commande).'
    },
    'import-unreachable': {
      title: 'Le serveur {{host}} est injoignable ($t(errorReasons.network.{{reason}})).',
      action: 'Vérifiez l’adresse et votre connexion réseau (proxy, VPN), puis réessayez.'
    },
    'import-clone-failed': {
      title: 'La copie de {{url}} a échoué.',
      action:
        'Rien n’a été gardé. Vérifiez l’adresse et réessayez ; les détails techniques ci-dessous en disent plus.'
    },
    'import-cancelled': {
      title: 'L’import a été annulé.',
      action: 'Rien n’a été gardé. Relancez-le quand vous serez prêt.'
    },
    'import-folder-missing': {
      title: 'Le dossier {{path}} n’existe pas.',
      action: 'Vérifiez le chemin : ce doit être le chemin complet d’un dossier existant.'
    },
    'import-not-folder': {
      title: '{{path}} n’est pas un dossier.',
      action: 'Saisissez le chemin du dossier de la base, pas celui d’un fichier qu’il contient.'
    },
    'import-repo-unusable': {
      title: 'Le dépôt git de {{path}} ne peut pas être copié tel quel.',
      action:
        'Il est incomplet ou dépend d’un autre dépôt. Importez-le plutôt depuis son adresse https, ou rendez-le d’abord complet.'
    },
    'import-detached-head': {
      title: 'Le dépôt {{path}} n’est sur aucune branche.',
      action: 'Saisissez la branche à importer dans le champ « branche ».'
    },
    'import-folder-no-branch': {
      title: '{{path}} est un simple dossier, pas un dépôt git : il n’a pas de branche « {{branch}} ».',
      action: 'Laissez le champ « branche » vide.'
    },
    'import-inside-bases': {
      title: '{{path}} est dans le dossier des bases, ou le contient.',
      action: 'Les bases de ce dossier sont déjà servies : rien à importer. Choisissez un autre dossier.'
    },
    'import-not-bundle': {
      title: '{{source}} n’est pas une base OKF : aucun okf-bundle.yaml à sa racine (branche {{branch}}).',
      action:
        'Vérifiez que vous avez choisi le bon dépôt, dossier ou branche. Pour partir de rien, créez plutôt une nouvelle base.'
    },
    'import-invalid-bundle': {
      title: 'Cette base n’est pas valide : le hub ne pourrait pas la servir.',
      action: 'Son auteur doit corriger ce qui est listé ci-dessous ; importez-la ensuite à nouveau.'
    },
    'import-staged-elsewhere': {
      title: 'Un autre import en attente de confirmation porte déjà la base « {{name}} ».',
      action: 'Confirmez ou abandonnez d’abord cet import.'
    },
    'import-not-pending': {
      title: 'Cet import n’attend plus de confirmation.',
      action: 'Il a déjà été confirmé ou abandonné, ou le hub a redémarré. Relancez l’import.'
    },
    'import-job-running': {
      title: 'Cet import est encore en cours.',
      action: 'Attendez la fin de la copie et des vérifications.'
    },
    'import-failed': {
      title: 'L’import a échoué.',
      action: 'Rien n’a été gardé. Réessayez ; les détails techniques ci-dessous disent ce qui s’est passé.'
    },
    'dir-name-invalid': {
      title: 'Le nom de dossier « {{name}} » ne convient pas : $t(errorReasons.dirName.{{reason}})',
      action: 'Choisissez un autre nom.'
    },
    'dir-taken': {
      title: 'Un dossier nommé « {{name}} » existe déjà dans le dossier des bases.',
      action: 'Choisissez un autre nom, ou déplacez d’abord le dossier existant.'
    },
    'restore-dir-taken': {
      title:
        'Un dossier nommé « {{name}} » est de nouveau dans le dossier des bases : cette base y revient sous ce nom.',
      action:
        'Déplacez ou renommez d’abord ce dossier (ou mettez sa base à la corbeille depuis sa page), puis restaurez à nouveau.'
    },
    'dir-in-use': {
      title: 'Un autre import en cours écrit déjà le dossier « {{name}} ».',
      action: 'Choisissez un autre nom de dossier, ou attendez la fin de cet import.'
    },
    'base-name-taken': {
      title: 'Une base nommée « {{name}} » est déjà servie (depuis le dossier « {{holder}} »).',
      action:
        'Deux bases ne peuvent pas porter le même nom. Retirez d’abord cette base (à la corbeille), ou renommez l’une des deux (champ name de son okf-bundle.yaml).'
    },
    'new-base-name-invalid': {
      title: 'Le nom « {{name}} » ne convient pas.',
      action:
        'Utilisez uniquement des lettres minuscules sans accents, des chiffres et des tirets (par exemple guide-equipe) : c’est à la fois le nom du dossier et celui de la base.'
    },
    'new-base-text-invalid': {
      title: '$t(errorReasons.field.{{field}}) : $t(errorReasons.text.{{reason}})',
      action: 'Écrivez-le sur une seule ligne, en {{max}} caractères au plus.'
    },
    'install-incomplete': {
      title: 'L’installation d’OKF Hub est incomplète.',
      action: 'Le modèle de base livré avec l’application manque ou est abîmé. Réinstallez OKF Hub.'
    },
    'new-base-failed': {
      title: 'La base « {{name}} » n’a pas pu être créée.',
      action: 'Rien n’a été gardé. Réessayez ; les détails techniques ci-dessous disent ce qui s’est passé.'
    },
    'trash-entry-missing': {
      title: 'Cette base n’est plus dans la corbeille.',
      action: 'Rechargez la liste de la corbeille.'
    },
    'restore-failed': {
      title: 'La base n’a pas pu être remise en place.',
      action:
        'Elle est toujours dans la corbeille. Réessayez ; les détails techniques ci-dessous disent ce qui s’est passé.'
    },
    'host-not-installed': {
      title: 'Cette application ne semble pas installée ici.',
      action: 'Son dossier {{folder}} est introuvable. L’inscription crée quand même {{file}}.'
    },
    'host-not-registered': {
      title: 'OKF Hub n’est pas inscrit dans {{file}}.',
      action: 'Inscrivez-le pour que cette application trouve vos bases.'
    },
    'host-entry-foreign': {
      title: 'L’inscription de {{file}} ne lance pas cet OKF Hub (autre commande ou ancienne installation).',
      action: '« Réparer » la remplace (une sauvegarde est faite avant).'
    },
    'host-config-invalid-json': {
      title:
        'Le fichier de configuration {{file}} n’est pas un JSON valide (ligne {{line}}, colonne {{column}}).',
      action: 'Corrigez-le à cet endroit (ou restaurez sa sauvegarde) ; rien n’y est écrit avant.'
    },
    'host-config-not-written': {
      title: '{{file}} n’a pas pu être écrit ({{reason}}) ; il est resté tel quel.',
      action:
        'Vérifiez que le fichier et son dossier sont modifiables (droits, place sur le disque), puis réessayez.'
    },
    'host-config-unreadable': {
      title: 'Le fichier de configuration {{file}} est illisible.',
      action:
        'Ce n’est pas du JSON valide, ou il ne s’ouvre pas. Corrigez-le (ou remettez sa sauvegarde) ; rien n’y est écrit d’ici là.'
    },
    'host-entry-malformed': {
      title: 'L’inscription d’OKF Hub est abîmée ($t(errorReasons.entryPart.{{part}})).',
      action: '« Réparer » la réécrit (une sauvegarde est faite avant).'
    },
    'host-command-relative': {
      title: 'La commande « {{command}} » n’est pas un chemin complet.',
      action:
        'L’application la chercherait dans son propre PATH, souvent différent du vôtre. « Réparer » écrit le chemin complet.'
    },
    'host-command-missing': {
      title: 'La commande {{command}} n’existe plus.',
      action:
        'L’application a sans doute été déplacée, mise à jour ou désinstallée. « Réparer » réécrit l’inscription.'
    },
    'host-script-missing': {
      title: 'Le script du serveur {{script}} n’existe plus.',
      action: 'Son dossier a été déplacé ou effacé. « Réparer » réécrit l’inscription.'
    },
    'host-server-not-ours': {
      title: 'La commande démarre un serveur MCP qui n’est pas OKF Hub ({{missing}} absents).',
      action: '« Réparer » réécrit l’inscription de cet OKF Hub.'
    },
    'host-server-no-start': {
      title: 'La commande {{command}} ne démarre pas ({{detail}}).',
      action: '« Réparer » réécrit l’inscription.'
    },
    'host-server-exited': {
      title: 'Le serveur s’est arrêté sans répondre ({{how}}).',
      action:
        'Son dernier message : {{detail}}. « Réparer » réécrit l’inscription ; si l’échec se répète, signalez ce message.'
    },
    'host-server-timeout': {
      title: 'Le serveur n’a pas répondu en {{seconds}} s.',
      action:
        'Son dernier message : {{detail}}. Vérifiez à nouveau dans un instant ; si l’échec se répète, réparez l’inscription.'
    },
    'host-server-not-mcp': {
      title: 'Le serveur n’a pas répondu comme un serveur MCP.',
      action: 'Ce qu’il a dit : {{detail}}. « Réparer » réécrit l’inscription.'
    }
  },
  errorReasons: {
    network: {
      'no-answer': 'aucune réponse',
      stalled: 'plus rien reçu',
      ENOTFOUND: 'nom d’hôte inconnu',
      EAI_AGAIN: 'nom d’hôte introuvable pour l’instant',
      ECONNREFUSED: 'connexion refusée',
      ECONNRESET: 'connexion coupée par le serveur',
      ETIMEDOUT: 'délai de connexion dépassé',
      EHOSTUNREACH: 'hôte inaccessible',
      ENETUNREACH: 'réseau inaccessible',
      EPIPE: 'connexion coupée',
      CERT_HAS_EXPIRED: 'certificat du serveur expiré',
      DEPTH_ZERO_SELF_SIGNED_CERT: 'certificat auto-signé',
      SELF_SIGNED_CERT_IN_CHAIN: 'certificat auto-signé dans la chaîne',
      UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificat non vérifiable',
      ERR_TLS_CERT_ALTNAME_INVALID: 'certificat établi pour un autre nom'
    },
    dirName: {
      empty: 'il est vide.',
      control: 'il contient un caractère de contrôle.',
      slash: 'il ne peut pas contenir / ni \\.',
      hidden: 'il ne peut pas commencer par un point (les dossiers cachés sont ignorés).',
      'windows-chars': 'il ne peut pas contenir < > : " | ? * (interdits sous Windows).',
      trailing: 'il ne peut pas finir par une espace ni un point (interdit sous Windows).',
      'leading-space': 'il ne peut pas commencer par une espace.',
      reserved: 'c’est un nom réservé sous Windows.',
      'too-long': 'il est trop long (255 octets au plus).'
    },
    field: {
      title: 'Le titre',
      description: 'La description'
    },
    text: {
      empty: 'il est obligatoire.',
      control: 'il doit tenir sur une seule ligne, sans tabulation.',
      'too-long': 'il est trop long.'
    },
    entryPart: {
      entry: 'ce n’est pas un objet',
      command: 'aucune commande',
      args: 'ses arguments ne sont pas une liste de textes',
      env: 'son env n’est pas un ensemble de textes'
    }
  },
  afterRegister: {
    'claude-desktop':
      'Quittez complètement Claude Desktop et rouvrez-le : il ne lit ses serveurs MCP qu’au démarrage.',
    'claude-code':
      'Les nouvelles sessions de Claude Code le trouvent ; une session déjà ouverte doit être relancée.',
    cursor:
      'Cursor recharge ses serveurs MCP ; si OKF Hub n’apparaît pas dans ses réglages MCP, redémarrez Cursor.',
    vscode:
      'VS Code relit sa configuration MCP ; démarrez OKF Hub depuis sa liste de serveurs MCP s’il ne tourne pas.'
  },
  syncAlerts: {
    'moved-to-inbox': {
      title: '{{branch}} est protégée : ce hub dépose désormais dans sa boîte',
      action:
        'Rien à faire : vos propositions sont sur le dépôt distant dans {{inbox}} et le gestionnaire les intègre. Leur état reste « en attente » jusqu’à sa décision.'
    },
    'push-refused': {
      title: 'Le dépôt distant a refusé l’envoi',
      action:
        'Rien n’est perdu : les commits restent sur cet ordinateur. Vérifiez les règles de branche du dépôt distant (les contributeurs peuvent pousser okf-hub/inbox/*, le gestionnaire la branche principale) et le jeton, puis synchronisez de nouveau.'
    },
    'inbox-problem': {
      title: 'La boîte de dépôt d’un contributeur n’a pas pu être intégrée',
      action:
        'Les commits restent dans {{inbox}} ; rien n’a été écarté. Demandez à son propriétaire de synchroniser de nouveau, ou examinez le commit avec git.'
    },
    'stays-behind': {
      title: 'Ce hub reste en retard sur le dépôt distant',
      action: 'Commitez ou annulez les modifications locales qui gênent, puis synchronisez de nouveau.'
    }
  }
}
