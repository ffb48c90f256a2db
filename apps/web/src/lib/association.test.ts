import { describe, expect, it } from 'vitest';
import { associationHref, associationInPath, routerBasename, withoutBasename } from './association.ts';

describe('the association an address names', () => {
  it.each([
    ['/a/bayview', 'bayview'],
    ['/a/bayview/', 'bayview'],
    ['/a/bayview/invoices', 'bayview'],
    ['/a/oak-creek-2/myaccount?x=1', 'oak-creek-2'],
    ['/a/abc/register', 'abc'],
  ])('%s → %s', (path, appId) => {
    expect(associationInPath(path)).toBe(appId);
    expect(routerBasename(path)).toBe(`/a/${appId}`);
  });

  it.each(['/', '/invoices', '/a/', '/a/ab', '/a/Bayview/x', '/a/-bad/x', '/a/bad-/x', '/ab/bayview', '/a/bayview_two'])(
    '%s names none (the first association)',
    (path) => {
      expect(associationInPath(path)).toBeNull();
      expect(routerBasename(path)).toBeUndefined();
    },
  );

  it('a path below the basename is the router path; others are left alone', () => {
    expect(withoutBasename('/a/bayview/invoices', '/a/bayview')).toBe('/invoices');
    expect(withoutBasename('/a/bayview', '/a/bayview')).toBe('/');
    expect(withoutBasename('/invoices', undefined)).toBe('/invoices');
    expect(withoutBasename('/a/other/invoices', '/a/bayview')).toBe('/a/other/invoices');
  });

  it('links into an association', () => {
    expect(associationHref('bayview')).toBe('/a/bayview/');
    expect(associationHref('bayview', '/dashboard')).toBe('/a/bayview/dashboard');
    expect(associationHref('bayview', 'myaccount')).toBe('/a/bayview/myaccount');
  });
});
