import { describe, expect, it } from 'vitest';
import {
  certificateEnding,
  exemptOrdersText,
  kindLabel,
  pendingView,
  rejectedText,
  stateName,
  validateBusinessName,
  validateCertificateNumber,
  validateKind,
  validateState,
} from './common';

describe('the form’s rules (the server’s words)', () => {
  it('the type is one of the four', () => {
    for (const kind of ['Farm', 'Resale', 'Nonprofit', 'Government']) expect(validateKind(kind)).toBeNull();
    expect(validateKind('')).toBe('Please choose an exemption type.');
    expect(validateKind('farm')).toBe('Please choose an exemption type.');
  });

  it('the state is a US state’s code (DC too)', () => {
    expect(validateState('WI')).toBeNull();
    expect(validateState('DC')).toBeNull();
    expect(validateState('')).toBe('Please choose a state.');
    expect(validateState('XX')).toBe('Please choose a state.');
    expect(validateState('wi')).toBe('Please choose a state.');
  });

  it('the name is 1 to 100 characters once trimmed', () => {
    expect(validateBusinessName('A')).toBeNull();
    expect(validateBusinessName(`  ${'x'.repeat(100)}  `)).toBeNull();
    expect(validateBusinessName('')).toBe('Please enter the name on the certificate.');
    expect(validateBusinessName('   ')).toBe('Please enter the name on the certificate.');
    expect(validateBusinessName('x'.repeat(101))).toBe('Please enter the name on the certificate.');
  });

  it('the number is 4 to 30 letters, digits, spaces and dashes once trimmed', () => {
    for (const ok of ['1234', 'S211-004821', ' ab 12-CD ', 'x'.repeat(30)]) expect(validateCertificateNumber(ok)).toBeNull();
    for (const bad of ['', '123', '  12  ', 'x'.repeat(31), 'AB#123', 'AB_123', 'AB/123', 'ÄB123']) {
      expect(validateCertificateNumber(bad)).toBe('Please enter a valid certificate number.');
    }
  });
});

describe('how an exemption reads', () => {
  it('kinds, states and the certificate', () => {
    expect(kindLabel('Farm')).toBe('Farm / agricultural');
    expect(kindLabel('Nonprofit')).toBe('Nonprofit organization');
    expect(kindLabel(null)).toBe('');
    expect(stateName('WI')).toBe('Wisconsin');
    expect(stateName('PR')).toBe('PR');
    expect(stateName(null)).toBe('');
    expect(certificateEnding('4821')).toBe('Certificate ending in 4821');
  });

  it('where an approval applies, and why an application was not approved', () => {
    expect(exemptOrdersText('WI')).toBe('Orders taxed in Wisconsin carry no sales tax.');
    expect(exemptOrdersText(null)).toBe('Orders taxed in the certificate’s state carry no sales tax.');
    expect(rejectedText('The certificate has expired.')).toBe(
      'Your last application was not approved: The certificate has expired.',
    );
    expect(rejectedText(null)).toBe('Your last application was not approved.');
  });

  it('an application just taken reads as pending, with what was sent', () => {
    const now = new Date('2026-03-02T15:00:00Z');
    expect(
      pendingView({ kind: 'Resale', state: 'IL', businessName: ' Corner Feed ', certificateNumber: ' CRT-61-2027 ' }, now),
    ).toEqual({
      status: 'Pending',
      kind: 'Resale',
      state: 'IL',
      businessName: 'Corner Feed',
      certificateLast4: '2027',
      appliedAt: '2026-03-02T15:00:00.000Z',
      decidedAt: null,
      reason: null,
    });
  });
});
