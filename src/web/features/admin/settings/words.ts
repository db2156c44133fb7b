/** Words for the values the API speaks in: 'site_wide' → 'Site wide'. */
export const words = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
