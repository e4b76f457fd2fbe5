export const goodCrash = () => ({
  type: 'crash',
  intro: { title: 'Report a crash', subtitle: 'Tell us what you were doing.', messagePlaceholder: 'What happened?', submitLabel: 'Send report', legal: 'We only use this to fix the bug.' },
  logField: { enabled: true, label: 'Log (optional)', placeholder: 'Paste a log' },
  emailField: { enabled: true, placeholder: 'you@example.com' },
  success: { title: 'Thanks!', body: 'We will look into it.' },
  hero: { accentColor: '#4f46e5' },
});

/** A stack trace as the iOS SDK sends it (Thread.callStackSymbols joined by newlines). */
export const STACK = [
  '0   CoreFoundation                      0x00000001804f2d8c __exceptionPreprocess + 172',
  '1   libobjc.A.dylib                     0x00000001800ca0c4 objc_exception_throw + 56',
  '2   MyApp                               0x0000000104c8a1b4 MyApp.CartView.total() + 44',
  '3   MyApp                               0x0000000104c8a2f0 MyApp.CartView.body.getter + 120',
  '4   SwiftUI                             0x00000001a1b2c3d4 SwiftUI.ViewGraph.update + 88',
  '5   UIKitCore                           0x00000001a9f0e1d2 -[UIApplication sendEvent:] + 300',
].join('\n');

/** The same crash in another run: other load addresses (ASLR), same symbols and offsets. */
export const STACK_OTHER_RUN = STACK.replace(/0x0000000[0-9a-f]+/g, (m) => m.slice(0, -3) + 'abc');

/** SubmitCrashBody exactly as the SDK sends an automatic report (WIRE B.2): crashedAt in epoch ms. */
export const sdkAutoBody = (appSlug: string, over: Record<string, unknown> = {}) => ({
  appSlug,
  flowSlug: 'crash',
  message: 'Automatically reported crash.',
  source: 'sdk_auto',
  exceptionName: 'NSRangeException',
  exceptionReason: '*** -[__NSArrayM objectAtIndex:]: index 7 beyond bounds [0 .. 3]',
  stackTrace: STACK,
  platform: 'ios',
  osVersion: '17.4.1',
  deviceModel: 'iPhone16,2',
  appVersion: '2.3.0',
  buildNumber: '231',
  crashedAt: 1764000000123,
  attachments: [{ name: 'console.log', content: 'boot ok\ntap cart\n' }],
  ...over,
});
