/** HTML text with `&`, `<`, `>`, `"` and `'` escaped (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** What the onboarding page shows; every string is plain text (escaped here). */
export interface OnboardingPage {
  /** The CA's SHA-256 fingerprint, `AB:CD:…` (crypto.X509Certificate `fingerprint256`), or null when the hub has no CA. */
  fingerprint: string | null;
  /** The CA's common name, or null. */
  caName: string | null;
  /** `https://<host>:<port>/` for phones, or null when the request's host or the HTTPS port is unknown. */
  httpsUrl: string | null;
  /** The QR code of `httpsUrl` as an SVG document, or null. */
  qrSvg: string | null;
  /** The name the page was opened by when the hub's certificate does not carry it (HTTPS would fail there), else null/absent. */
  uncoveredName?: string | null;
}

/** The stylesheet of the onboarding page (served as /ca.css: the hub's CSP allows no inline style). */
export const ONBOARDING_CSS = `:root{color-scheme:light dark;--bg:#f8fafc;--fg:#0f172a;--muted:#334155;--card:#fff;--line:#cbd5e1;--accent:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--card:#1e293b;--line:#475569;--accent:#93c5fd}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1.0625rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:46rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem;margin:0.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 0.5rem}
section{background:var(--card);border:1px solid var(--line);border-radius:0.75rem;padding:0.5rem 1rem 1rem;margin:1rem 0}
a{color:var(--accent)}
.button{display:inline-block;min-height:48px;padding:0.75rem 1.25rem;margin:0.25rem 0.5rem 0.25rem 0;border-radius:0.5rem;background:var(--accent);color:var(--bg);font-weight:700;text-decoration:none}
.fingerprint{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:0.9375rem;overflow-wrap:anywhere;background:var(--bg);padding:0.5rem;border-radius:0.375rem}
.qr{display:block;width:min(16rem,70vw);height:auto;background:#fff;padding:0.5rem;border-radius:0.5rem}
.muted{color:var(--muted)}
ol{padding-left:1.5rem}
li{margin:0.25rem 0}
`;

/** A numbered list of steps; each step is trusted static markup written in this file. */
function steps(items: readonly string[]): string {
  return `<ol>${items.map((item) => `<li>${item}</li>`).join("")}</ol>`;
}

const ANDROID = steps([
  'Pobierz certyfikat <a href="/ca.crt">hub-ca.crt</a>.',
  "Otwórz <b>Ustawienia &gt; Zabezpieczenia &gt; Szyfrowanie i dane logowania &gt; Zainstaluj certyfikat &gt; Certyfikat CA</b> (Android 11 i nowszy; u niektórych producentów ta pozycja jest w <b>Zabezpieczenia &gt; Więcej ustawień</b> — najłatwiej wpisać „certyfikat CA” w wyszukiwarce ustawień).",
  "Wybierz „Zainstaluj mimo to”, potwierdź kodem blokady ekranu i wskaż pobrany plik <b>hub-ca.crt</b>.",
  "Otwórz adres HTTPS huba (niżej) w Chrome.",
]);

const IOS = steps([
  'Otwórz tę stronę w <b>Safari</b> i pobierz <a href="/ca.mobileconfig">profil konfiguracji (hub-ca.mobileconfig)</a>; potwierdź „Zezwól”.',
  "Otwórz <b>Ustawienia &gt; Pobrano profil</b> (na górze listy) &gt; <b>Zainstaluj</b> i podaj kod urządzenia.",
  "Włącz pełne zaufanie: <b>Ustawienia &gt; Ogólne &gt; To urządzenie (Informacje) &gt; Ustawienia zaufania certyfikatów</b> — włącz przełącznik przy certyfikacie huba. Bez tego kroku Safari nadal nie ufa hubowi.",
  "Otwórz adres HTTPS huba (niżej).",
]);

const WINDOWS = steps([
  'Pobierz <a href="/ca.crt">hub-ca.crt</a> i kliknij go dwukrotnie, potem <b>Zainstaluj certyfikat</b>.',
  "Wybierz <b>Komputer lokalny</b>, potem „Umieść wszystkie certyfikaty w następującym magazynie” &gt; <b>Przeglądaj</b> &gt; <b>Zaufane główne urzędy certyfikacji</b> &gt; Zakończ (albo to samo w <b>certlm.msc</b>).",
  "Uruchom ponownie przeglądarkę (Edge i Chrome używają magazynu Windows; Firefox ma własny: Ustawienia &gt; Prywatność i bezpieczeństwo &gt; Certyfikaty &gt; Wyświetl certyfikaty &gt; Organy certyfikacji &gt; Importuj).",
]);

const MACOS = steps([
  'Pobierz <a href="/ca.crt">hub-ca.crt</a> i kliknij go dwukrotnie: <b>Pęk kluczy</b> doda go do pęku <b>System</b> (podaj hasło).',
  "W Pęku kluczy kliknij dwukrotnie certyfikat huba, rozwiń <b>Zaufanie</b> i ustaw „Przy używaniu tego certyfikatu” na <b>Zawsze ufaj</b>; zamknij okno i podaj hasło.",
  "Uruchom ponownie przeglądarkę (Safari i Chrome używają pęku kluczy; Firefox — jak w Windows).",
]);

const FULLY = steps([
  "Fully Kiosk Browser korzysta z certyfikatów Androida: najpierw zainstaluj certyfikat jak w części „Android”.",
  "W Fully otwórz <b>Ustawienia &gt; Web Content Settings &gt; Start URL</b> i wpisz adres HTTPS huba (niżej).",
  "Uruchom Fully ponownie. Nie włączaj „Ignore SSL Errors”: wyłącza sprawdzanie certyfikatu dla każdej strony.",
]);

/**
 * The onboarding page 'Zaufaj hubowi' (static HTML, lang="pl", no script, style from /ca.css):
 * the CA's fingerprint, the download links (/ca.crt, /ca.mobileconfig), the steps for Android,
 * iOS/iPadOS, Windows, macOS and Fully Kiosk Browser, and the QR code of the HTTPS address.
 * With no CA (HUB_TLS=off) it says so and shows no steps.
 */
export function onboardingPage(page: OnboardingPage): string {
  const head = `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zaufaj hubowi</title>
<link rel="stylesheet" href="/ca.css">
</head>
<body>
<main>
<h1>Zaufaj hubowi</h1>
`;
  if (page.fingerprint === null) {
    return `${head}<p>Ten hub nie ma własnego urzędu certyfikacji (HUB_TLS=off albo certyfikat HUB_TLS_CERT): HTTPS zapewnia serwer pośredniczący albo certyfikat domu, a urządzenia ufają mu tak, jak każe jego wystawca.</p>
</main>
</body>
</html>
`;
  }
  const address =
    page.uncoveredName != null
      ? `<p role="note">Certyfikat huba nie zawiera nazwy <b>${escapeHtml(page.uncoveredName)}</b>, więc przez HTTPS przeglądarka jej nie przyjmie. Otwórz hub pod nazwą lub adresem IP z certyfikatu (nazwa komputera huba z końcówką .local, .lan albo jego adres IP) albo dopisz tę nazwę do zmiennej HUB_TLS_NAMES i uruchom hub ponownie.</p>`
      : page.httpsUrl === null
        ? `<p>Adres HTTPS: <b>https://&lt;adres huba&gt;:8443/</b> (wpisz nazwę lub adres IP huba w sieci domowej).</p>`
        : `<p>Adres HTTPS: <a href="${escapeHtml(page.httpsUrl)}">${escapeHtml(page.httpsUrl)}</a></p>`;
  const qr =
    page.qrSvg === null || page.httpsUrl === null
      ? ""
      : `<img class="qr" src="data:image/svg+xml;base64,${Buffer.from(page.qrSvg).toString("base64")}" alt="Kod QR z adresem ${escapeHtml(page.httpsUrl)}" width="256" height="256">`;
  return `${head}<p>Hub szyfruje połączenie własnym certyfikatem. Gdy urządzenie zaufa certyfikatowi huba, pulpit otworzy się przez HTTPS, a z nim praca bez sieci, instalacja aplikacji i ekran zawsze włączony.</p>
<section aria-labelledby="cert">
<h2 id="cert">Certyfikat huba</h2>
<p><a class="button" href="/ca.crt" download="hub-ca.crt">Pobierz certyfikat (hub-ca.crt)</a><a class="button" href="/ca.mobileconfig">Profil dla iPhone’a i iPada</a></p>
<p>Nazwa: <b>${escapeHtml(page.caName ?? "")}</b></p>
<p>Odcisk SHA-256 (sprawdź, że urządzenie pokazuje ten sam, zanim zaufasz):</p>
<p class="fingerprint" data-testid="ca-fingerprint">${escapeHtml(page.fingerprint)}</p>
<p class="muted">PEM zamiast DER: <a href="/ca.crt?format=pem">/ca.crt?format=pem</a>.</p>
</section>
<section aria-labelledby="phone">
<h2 id="phone">Adres dla telefonu i tabletu</h2>
${address}
${qr}
</section>
<section aria-labelledby="android"><h2 id="android">Android</h2>${ANDROID}</section>
<section aria-labelledby="ios"><h2 id="ios">iPhone i iPad (iOS, iPadOS)</h2>${IOS}</section>
<section aria-labelledby="windows"><h2 id="windows">Windows</h2>${WINDOWS}</section>
<section aria-labelledby="macos"><h2 id="macos">macOS</h2>${MACOS}</section>
<section aria-labelledby="fully"><h2 id="fully">Fully Kiosk Browser</h2>${FULLY}</section>
</main>
</body>
</html>
`;
}
