/**
 * URI schemes no short link, app deep-link scheme, promotion URL or onboarding `scheme=` may ever
 * use (#34). The one maintained list: add a scheme here and every rule that names "refused
 * schemes" refuses it (url-destination.ts `isRefusedScheme`, kernel/sessions/deep-link.ts
 * `usableScheme`, apps.promotion.ts for `deepLinkScheme`).
 *
 * Source: the IANA "Uniform Resource Identifier (URI) Schemes" registry (permanent, provisional
 * and historical entries), reviewed category by category for what a browser, an OS or an
 * installed tool does when a page or app opens the URL, plus the handlers the platforms register
 * outside IANA (Windows `ms-*`, Apple `itms-services`/`x-apple.*`, browsers' internal pages).
 * Why no npm package: the registry packages (`schemes`, `@silverbucket/iana-schemes`) list every
 * scheme's name but not what it does, so they cannot say which to refuse; the decision and how to
 * extend the list are in docs/decisions.md. When a new handler is reported, add it to its group.
 *
 * Each group is refused whole. Custom schemes of ordinary apps (`myapp`, `sleepy`) are none of
 * these, so an app's own scheme stays allowed.
 */
export const REFUSED_SCHEME_GROUPS = {
  /** Run script or hand back local or generated data in the browser's context. */
  script: ['javascript', 'vbscript', 'livescript', 'mocha', 'data', 'blob', 'filesystem', 'wyciwyg'],
  /** Browser internals and extensions: settings pages, extension code, other browsers opened from this one. */
  browser: [
    'about', 'view-source', 'jar', 'resource', 'res', 'chrome', 'chrome-extension', 'chrome-untrusted', 'chrome-search', 'devtools',
    'edge', 'microsoft-edge', 'microsoft-edge-holographic', 'opera', 'brave', 'vivaldi', 'firefox', 'moz-extension', 'moz-icon',
    'safari-extension', 'safari-web-extension', 'googlechrome', 'googlechromes', 'x-safari-http', 'x-safari-https', 'isolated-app',
  ],
  /** OS internals: Windows handlers (every `ms-*` by prefix, below), shell, help, search and settings; Android intents; Apple settings and automation. */
  os: [
    'file', 'intent', 'android-app', 'content', 'shell', 'search', 'search-ms', 'hcp', 'help', 'its', 'mk', 'mhtml', 'jnlp', 'ie.http',
    'appx', 'settings', 'prefs', 'app-prefs', 'app-settings', 'x-apple.systempreferences', 'x-apple-helpviewer', 'applescript',
    'shortcuts', 'workflow', 'x-man-page', 'man', 'info', 'ghelp', 'gnome-help', 'x-help-action',
  ],
  /** File sharing, directories and remote file systems: mount a share, leak NTLM hashes, fetch files. */
  fileSharing: [
    'smb', 'cifs', 'nfs', 'afp', 'ftp', 'ftps', 'sftp', 'tftp', 'dav', 'davs', 'webdav', 'webdavs', 'ldap', 'ldaps', 'gopher', 'nntp',
    'news', 'snews', 'magnet', 'ed2k', 'torrent', 'bittorrent', 'ipfs', 'ipns', 'svn', 'svn+ssh', 'git', 'hg', 'cvs',
  ],
  /** Installers and software launchers: install an app or package, run a game or a tool. */
  installer: [
    'itms', 'itmss', 'itms-services', 'itms-beta', 'itms-appss-services', 'macappstore', 'macappstores', 'apt', 'appstream', 'snap',
    'flatpak', 'steam', 'steamlink', 'com.epicgames.launcher', 'uplay', 'origin', 'origin2', 'battlenet', 'goggalaxy',
    'vscode', 'vscode-insiders', 'vscodium', 'cursor', 'windsurf', 'jetbrains', 'idea', 'txmt', 'subl', 'x-github-client',
    'github-mac', 'github-windows', 'sourcetree', 'gitkraken',
  ],
  /** Remote access and terminals: open a session to a machine someone else chose. */
  remoteAccess: [
    'ssh', 'telnet', 'rlogin', 'tn3270', 'vnc', 'rdp', 'spice', 'x11', 'teamviewer', 'teamviewer8', 'teamviewer10', 'teamviewerapi',
    'anydesk', 'citrixreceiver', 'ica', 'vmrc', 'ws', 'wss',
  ],
} as const;

/** Prefixes refused whole: Windows registers dozens of `ms-*` handlers (ms-msdt, ms-officecmd, ms-word, ms-appinstaller, ms-settings, ...). */
export const REFUSED_SCHEME_PREFIXES: readonly string[] = ['ms-'];

const REFUSED: ReadonlySet<string> = new Set(Object.values(REFUSED_SCHEME_GROUPS).flat());

/** Whether `scheme` (lower-case, no colon) is on the refused list. */
export const isRefusedScheme = (scheme: string) => REFUSED.has(scheme) || REFUSED_SCHEME_PREFIXES.some((p) => scheme.startsWith(p));
