import type { Permission } from '../../shared/auth/permissions';
import type { MeResponse } from '../../shared/auth/schema';
import type { ShellResponse } from '../../shared/events/schema';
import { MEMBER_AREAS } from '../../shared/people/memberAreas';
import type { UserRow } from '../../shared/people/schema';

export const EVENT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_EVENT_ID = '22222222-2222-4222-8222-222222222222';
export const ACCOUNT_ID = '33333333-3333-4333-8333-333333333333';

export function meFixture(
  permissions: Permission = 'admin',
  overrides: Partial<MeResponse> = {},
): MeResponse {
  return {
    account: { id: ACCOUNT_ID, email: 'ada@example.com', firstName: 'Ada', surname: 'Lovelace' },
    currentEventId: EVENT_ID,
    events: [
      {
        id: EVENT_ID,
        eventName: 'Expo 2027',
        shortName: 'Expo',
        longName: 'International Expo 2027',
        startDate: '2027-03-12',
        endDate: '2027-03-14',
        appUrl: 'https://expo.example.com',
        timeZone: 'Europe/London',
        locale: 'en-GB',
        permissions,
      },
      {
        id: OTHER_EVENT_ID,
        eventName: 'Trade Fair 2026',
        shortName: 'Fair',
        longName: 'Trade Fair 2026',
        startDate: '2026-09-01',
        endDate: '2026-09-03',
        appUrl: 'https://fair.example.com',
        timeZone: 'Europe/Berlin',
        locale: 'de-DE',
        permissions: 'user',
      },
    ],
    ...overrides,
  };
}

export function shellFixture(
  permissions: Permission = 'admin',
  overrides: Partial<ShellResponse> = {},
): ShellResponse {
  return {
    event: {
      id: EVENT_ID,
      eventName: 'Expo 2027',
      shortName: 'Expo',
      longName: 'International Expo 2027',
      startDate: '2027-03-12',
      endDate: '2027-03-14',
      timeZone: 'Europe/London',
      locale: 'en-GB',
      appUrl: 'https://expo.example.com',
      teamName: 'Expo Team',
    },
    branding: {
      logo: '',
      invertedLogo: '',
      iconLogo: '',
      loginImage: '',
      navBgColor: '#1b5e20',
      autoLogo: true,
      navTheme: 'dark',
    },
    terminology: {
      dashboard: 'Dashboard',
      downloads: 'Downloads',
      forms: 'Forms',
      notifications: 'Notifications',
      suppliers: 'Suppliers',
      tasks: 'Tasks',
      timeTable: 'Time Table',
    },
    onboarding: {
      showOnboarding: false,
      showGreeting: false,
      showSignature: false,
      showSurname: false,
      title: 'Welcome!',
      description: '',
      salutation: 'Dear',
      videoUrl: '',
      videoSourceType: 'youTube',
    },
    supportEmail: 'help@example.com',
    membership: {
      permissions,
      isOnboarded: true,
      hasLoggedIn: true,
      lastLoginInTime: '2027-01-05T10:00:00.000Z',
      areas: [...MEMBER_AREAS],
    },
    ...overrides,
  };
}

export function userRow(index: number, overrides: Partial<UserRow> = {}): UserRow {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `44444444-4444-4444-8444-${hex}`,
    firstName: `First${index}`,
    surname: `Last${index}`,
    email: `user${index}@example.com`,
    permissions: 'user',
    hasLoggedIn: false,
    lastLoginInTime: null,
    teamId: null,
    teamName: null,
    teamRole: null,
    ...overrides,
  };
}
