import type { Db } from "../core/db";

export interface UserRow {
  login: string;
  passwordHash: string;
  pinHash: string | null;
  createdAt: string;
}

interface RawUser {
  login: string;
  password_hash: string;
  pin_hash: string | null;
  created_at: string;
}

const toUser = (row: RawUser): UserRow => ({
  login: row.login,
  passwordHash: row.password_hash,
  pinHash: row.pin_hash,
  createdAt: row.created_at,
});

/** Users table: login, scrypt password hash, optional scrypt PIN hash. */
export class UserStore {
  constructor(private readonly db: Db) {}

  find(login: string): UserRow | undefined {
    const row = this.db.prepare<[string], RawUser>("SELECT * FROM users WHERE login = ?").get(login);
    return row ? toUser(row) : undefined;
  }

  list(): UserRow[] {
    return this.db.prepare<[], RawUser>("SELECT * FROM users ORDER BY login").all().map(toUser);
  }

  /** Adds a user; throws if the login exists. */
  add(login: string, passwordHash: string, pinHash: string | null): void {
    if (this.find(login)) throw new Error(`User ${login} already exists`);
    this.db
      .prepare("INSERT INTO users (login, password_hash, pin_hash, created_at) VALUES (?, ?, ?, ?)")
      .run(login, passwordHash, pinHash, new Date().toISOString());
  }

  /** Sets the password hash; false when the user does not exist. */
  setPassword(login: string, passwordHash: string): boolean {
    return this.db.prepare("UPDATE users SET password_hash = ? WHERE login = ?").run(passwordHash, login).changes > 0;
  }

  /** Sets the PIN hash; false when the user does not exist. */
  setPin(login: string, pinHash: string): boolean {
    return this.db.prepare("UPDATE users SET pin_hash = ? WHERE login = ?").run(pinHash, login).changes > 0;
  }

  /** Removes the user and (by cascade) their sessions and preferences; false when absent. */
  remove(login: string): boolean {
    return this.db.prepare("DELETE FROM users WHERE login = ?").run(login).changes > 0;
  }
}
