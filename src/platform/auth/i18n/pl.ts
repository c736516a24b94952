/**
 * Polish texts of sign-in, autologin, the PIN lock screen and the session actions of the menu (each feature owns its strings; merged and typed in
 * src/app/i18n). Exact where the spec or the UI contract names them; plurals use
 * `_one/_few/_many/_other` (Intl.PluralRules "pl"). Part of the entry chunk (Polish is the default).
 */
export const pl = {
  login: {
    title: "Logowanie",
    login: "Login",
    password: "Hasło",
    sessionName: "Nazwa sesji",
    sessionNamePlaceholder: "np. Komputer domowy lub Telefon",
    submit: "Zaloguj się",
    errors: {
      loginRequired: "Login jest wymagany",
      passwordRequired: "Hasło jest wymagane",
      sessionNameRequired: "Nazwa sesji jest wymagana",
      badCredentials: "Niepoprawne hasło lub login",
      unknown: "Nieokreślony błąd",
    },
    failedToast: "Nieudane logowanie",
  },
  autologin: {
    failed: "Autologowanie nieudane",
    retry: "Spróbuj ponownie",
  },
  lock: {
    title: "Sesja zablokowana",
    tapToStart: "Dotknij, aby rozpocząć.",
    prompt: "Sesja zablokowana, wprowadź PIN",
    pin: "PIN",
    deleteDigit: "Usuń ostatnią cyfrę",
    unlock: "Odblokuj",
    badPin_one: "Błędny PIN. Została {{count}} próba, kolejny błąd zakończy sesję.",
    badPin_few: "Błędny PIN. Zostały {{count}} próby.",
    badPin_many: "Błędny PIN. Zostało {{count}} prób.",
    badPin_other: "Błędny PIN. Zostało {{count}} próby.",
    pinDelay: "Za dużo prób pod rząd.",
    waitSeconds: "Następna próba za {{seconds}} s.",
    failed: "Nie udało się odblokować. Spróbuj ponownie.",
    revoked: "Zbyt wiele błędnych PIN-ów: sesja została zakończona. Zaloguj się ponownie.",
  },
  menu: {
    lock: "Zablokuj sesję",
    logout: "Wyloguj",
    loggedInAs: "Zalogowano jako {{login}}",
    logoutConfirmTitle: "Wylogować z tego urządzenia?",
    logoutConfirmText: "Aby wrócić, trzeba będzie podać login, hasło i nazwę sesji.",
    cancel: "Anuluj",
  },
} as const;
