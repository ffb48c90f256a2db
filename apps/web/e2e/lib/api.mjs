// Direct calls to the server for arranging state and reading what the UI cannot show (the outbox).

export class ServerApi {
  /** @param {string} baseURL @param {string} appId */
  constructor(baseURL, appId) {
    this.baseURL = baseURL;
    this.appId = appId;
  }

  /**
   * @param {string} method
   * @param {string} path under /api
   * @param {{ body?: unknown, token?: string }} [options]
   * @returns {Promise<any>}
   */
  async request(method, path, { body, token } = {}) {
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json', 'X-App-Id': this.appId };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseURL}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    /** @type {any} */
    const data = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = new Error(`${method} ${path} answered ${response.status}: ${data?.message ?? 'no message'}`);
      Object.assign(error, { status: response.status, data });
      throw error;
    }
    return data;
  }

  /**
   * @param {string} method
   * @param {string} path under /api/apps/{appId}
   * @param {{ body?: unknown, token?: string }} [options]
   */
  app(method, path, options) {
    return this.request(method, `/apps/${this.appId}${path}`, options);
  }

  async needsSetup() {
    const status = await this.app('GET', '/setup/status');
    return status.needs_setup;
  }

  /** @param {{ full_name: string, email: string, password: string }} admin */
  setup(admin) {
    return this.app('POST', '/setup', { body: admin });
  }

  /**
   * @param {string} email
   * @param {string} password
   * @returns {Promise<string>} an access token
   */
  async login(email, password) {
    const result = await this.app('POST', '/auth/login', { body: { email, password } });
    return result.access_token;
  }

  /** @param {string} token */
  me(token) {
    return this.app('GET', '/entities/User/me', { token });
  }

  /** @param {string} token @param {string} currentPassword @param {string} newPassword */
  changePassword(token, currentPassword, newPassword) {
    return this.app('POST', '/auth/change-password', { token, body: { current_password: currentPassword, new_password: newPassword } });
  }

  /** @param {string} token @param {string} email @param {string} role */
  inviteUser(token, email, role) {
    return this.app('POST', '/users/invite-user', { token, body: { user_email: email, role } });
  }

  /**
   * Emails the server kept instead of sending (no SMTP_URL), newest first.
   * @param {string} token
   * @returns {Promise<Array<{ id: string, to: string, subject: string, text: string, created_date: string, attachments: Array<{ id: string, filename: string, content_type: string, size: number }> }>>}
   */
  outbox(token) {
    return this.app('GET', '/outbox', { token });
  }

  /**
   * The newest outbox email to an address whose subject matches.
   * @param {string} token admin token
   * @param {string} to
   * @param {RegExp} subject
   */
  async latestEmail(token, to, subject) {
    const emails = await this.outbox(token);
    const email = emails.find((e) => e.to.toLowerCase() === to.toLowerCase() && subject.test(e.subject));
    if (!email) throw new Error(`No email to ${to} with a subject matching ${subject}; the outbox holds: ${emails.map((e) => `${e.to}: ${e.subject}`).join('; ')}`);
    return email;
  }
}
