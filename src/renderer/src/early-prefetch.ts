import { prefetchFromLocation } from './api/prefetch'

// The first import of main.tsx: modules run in import order, so the first screen's call leaves
// before React, i18next and the screens are even evaluated (about 100 ms of script at boot), and
// the server computes it while they are.
prefetchFromLocation(window.location.hash)
