/** Every hub commit is made as this identity; attribution lives in trailers (SPEC §4.4). */
export const HUB_AUTHOR = { name: 'okf-hub', email: 'hub@local' } as const
