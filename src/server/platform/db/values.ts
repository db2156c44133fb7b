/**
 * The few conversions between database values and the API's, written once. Timestamps arrive as
 * Date objects (timestamptz) on both drivers, numbers as numbers (client.ts), json and jsonb as
 * parsed values.
 */

/** A timestamp as the API writes it: ISO 8601 in UTC. */
export const iso = (value: Date | string): string => new Date(value).toISOString();

/** The same, for a timestamp that may be missing. */
export const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);

/** Text a LIKE pattern takes literally: its own %, _ and \ lose their meaning. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern matching the text anywhere. */
export const likeContaining = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching text that starts with it. */
export const likeStartingWith = (text: string): string => `${escapeLike(text)}%`;
