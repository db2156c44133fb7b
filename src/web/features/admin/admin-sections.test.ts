import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, parseAdminTab, sectionOf } from './admin-sections';

describe('admin sections', () => {
  it("are the spec's, in menu order, with the four daily ones in the phone strip", () => {
    expect(ADMIN_SECTIONS.map((section) => section.label)).toEqual([
      'Dashboard',
      'Products',
      'Orders',
      'Payments',
      'Discounts',
      'Customers',
      'Settings',
    ]);
    expect(ADMIN_SECTIONS.filter((section) => section.inTabStrip).map((section) => section.short)).toEqual([
      'Dash',
      'Products',
      'Orders',
      'Customers',
    ]);
  });

  it('read ?tab=, and nothing else', () => {
    expect(parseAdminTab('orders')).toBe('orders');
    expect(parseAdminTab(null)).toBeNull();
    expect(parseAdminTab('')).toBeNull();
    expect(parseAdminTab('Orders')).toBeNull();
    expect(parseAdminTab('inventory')).toBeNull();
    expect(sectionOf('settings').label).toBe('Settings');
  });

  // Each section is transformed on first import: seven of them take seconds on a busy machine.
  it('each load its own module, whose default export is the section', { timeout: 20_000 }, async () => {
    for (const section of ADMIN_SECTIONS) {
      const module = await section.load();
      expect(typeof module.default, section.tab).toBe('function');
    }
  });
});
