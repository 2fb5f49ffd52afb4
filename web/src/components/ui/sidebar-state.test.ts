import { describe, expect, it } from 'vitest';

import { readCookie, serializeCookie } from '@/lib/cookies';

import {
  AUX_SIDEBAR_COOKIE,
  isEditableTarget,
  isSidebarShortcut,
  MAIN_SIDEBAR_COOKIE,
  parseSidebarOpen,
  sidebarCookie,
} from './sidebar-state';

const noModifiers = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };

describe('sidebar state cookie', () => {
  it('uses the defaults without a cookie: main open, auxiliary closed', () => {
    expect(parseSidebarOpen(MAIN_SIDEBAR_COOKIE, true, '')).toBe(true);
    expect(parseSidebarOpen(AUX_SIDEBAR_COOKIE, false, '')).toBe(false);
  });

  it('reads each sidebar from its own cookie', () => {
    const cookies = 'theme=x; sidebar_state=false; aux_sidebar_state=true';
    expect(parseSidebarOpen(MAIN_SIDEBAR_COOKIE, true, cookies)).toBe(false);
    expect(parseSidebarOpen(AUX_SIDEBAR_COOKIE, false, cookies)).toBe(true);
  });

  it('ignores a value that is not a boolean', () => {
    expect(parseSidebarOpen(MAIN_SIDEBAR_COOKIE, true, 'sidebar_state=maybe')).toBe(true);
  });

  it('does not confuse sidebar_state with aux_sidebar_state', () => {
    expect(parseSidebarOpen(MAIN_SIDEBAR_COOKIE, true, 'aux_sidebar_state=false')).toBe(true);
  });

  it('is written for the whole site and lasts 7 days', () => {
    expect(sidebarCookie(MAIN_SIDEBAR_COOKIE, false)).toBe(
      'sidebar_state=false; path=/; max-age=604800; SameSite=Lax',
    );
  });

  it('round-trips through document.cookie', () => {
    document.cookie = sidebarCookie(AUX_SIDEBAR_COOKIE, true);
    expect(readCookie(AUX_SIDEBAR_COOKIE)).toBe('true');
    expect(parseSidebarOpen(AUX_SIDEBAR_COOKIE, false, document.cookie)).toBe(true);
  });

  it('encodes values', () => {
    expect(readCookie('a', serializeCookie('a', 'x y;z', { maxAgeSeconds: 1 }).split(';')[0])).toBe(
      'x y;z',
    );
  });
});

describe('sidebar shortcut', () => {
  it('is Ctrl+B or Cmd+B', () => {
    expect(isSidebarShortcut({ ...noModifiers, key: 'b', ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...noModifiers, key: 'b', metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...noModifiers, key: 'B', ctrlKey: true })).toBe(true);
  });

  it('is not plain B or other combinations', () => {
    expect(isSidebarShortcut({ ...noModifiers, key: 'b' })).toBe(false);
    expect(isSidebarShortcut({ ...noModifiers, key: 'k', ctrlKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...noModifiers, key: 'b', ctrlKey: true, shiftKey: true })).toBe(
      false,
    );
  });
});

describe('isEditableTarget', () => {
  it('is true for fields and editable content, false elsewhere', () => {
    document.body.innerHTML = `
      <input id="input" /><textarea id="textarea"></textarea><select id="select"></select>
      <div contenteditable="true"><p id="inside-editor">text</p></div>
      <div contenteditable="false" id="not-editable"></div>
      <button id="button">b</button>`;
    const byId = (id: string) => document.getElementById(id);
    expect(isEditableTarget(byId('input'))).toBe(true);
    expect(isEditableTarget(byId('textarea'))).toBe(true);
    expect(isEditableTarget(byId('select'))).toBe(true);
    expect(isEditableTarget(byId('inside-editor'))).toBe(true);
    expect(isEditableTarget(byId('not-editable'))).toBe(false);
    expect(isEditableTarget(byId('button'))).toBe(false);
    expect(isEditableTarget(window)).toBe(false);
    expect(isEditableTarget(null)).toBe(false);
  });
});
