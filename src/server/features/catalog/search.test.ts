import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../platform/db/values';
import { containsPattern } from './search';

describe('LIKE escaping', () => {
  it('escapes %, _ and the escape character itself', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(containsPattern('Eko TEE')).toBe('%eko tee%');
  });
});
