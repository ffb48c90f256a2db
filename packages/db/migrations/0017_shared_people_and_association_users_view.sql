-- People, their sign-ins and their memberships move to the shared schema "covenant" (migrations-shared); the
-- association keeps a "users" view of its members (person and membership), writable through a trigger. This runs in
-- the association's schema; "association_info" (made by the migrator before any migration) names its app id.
-- On a database made by an earlier version, the rows move; in a new association, the tables are empty.
INSERT INTO covenant.people (id, created_date, updated_date, created_by, full_name, email, email_verified, phone, photo_url, two_factor_enabled, portfolio_role)
  SELECT u.id, u.created_date, u.updated_date, u.created_by, u.full_name, u.email, u.email_verified, u.phone, u.photo_url, u.two_factor_enabled,
    CASE WHEN u.id = (SELECT f.id FROM users f WHERE f.role = 'admin' ORDER BY f.created_date, f.id LIMIT 1) THEN 'portfolio_admin' END
  FROM users u;
--> statement-breakpoint
INSERT INTO covenant.memberships (person_id, app_id, user_role, role, owner_id, property_id, created_date, updated_date, created_by)
  SELECT u.id, (SELECT app_id FROM association_info), u.user_role::text, u.role::text, u.owner_id, u.property_id, u.created_date, u.updated_date, u.created_by FROM users u;
--> statement-breakpoint
INSERT INTO covenant.auth_accounts (id, account_id, provider_id, user_id, access_token, refresh_token, id_token, access_token_expires_at, refresh_token_expires_at, scope, password, created_at, updated_at)
  SELECT id, account_id, provider_id, user_id, access_token, refresh_token, id_token, access_token_expires_at, refresh_token_expires_at, scope, password, created_at, updated_at FROM auth_accounts;
--> statement-breakpoint
INSERT INTO covenant.sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
  SELECT id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at FROM sessions;
--> statement-breakpoint
INSERT INTO covenant.verifications (id, identifier, value, expires_at, created_at, updated_at)
  SELECT id, identifier, value, expires_at, created_at, updated_at FROM verifications;
--> statement-breakpoint
INSERT INTO covenant.two_factors (id, user_id, secret, backup_codes, verified, failed_verification_count, locked_until)
  SELECT id, user_id, secret, backup_codes, verified, failed_verification_count, locked_until FROM two_factors;
--> statement-breakpoint
INSERT INTO covenant.sign_in_codes (id, email, code_hash, created_date, expires_at, used_at)
  SELECT id, email, code_hash, created_date, expires_at, used_at FROM sign_in_codes;
--> statement-breakpoint
INSERT INTO covenant.auth_failures (id, email, failed_at) SELECT id, email, failed_at FROM auth_failures;
--> statement-breakpoint
DROP TABLE "auth_accounts" CASCADE;--> statement-breakpoint
DROP TABLE "auth_failures" CASCADE;--> statement-breakpoint
DROP TABLE "sessions" CASCADE;--> statement-breakpoint
DROP TABLE "sign_in_codes" CASCADE;--> statement-breakpoint
DROP TABLE "two_factors" CASCADE;--> statement-breakpoint
DROP TABLE "verifications" CASCADE;--> statement-breakpoint
DROP TABLE "users" CASCADE;--> statement-breakpoint
-- The association's members as the code has always read them: the person's fields and this association's membership.
CREATE VIEW "users" AS
  SELECT p.id, m.created_date, m.updated_date, m.created_by, p.full_name, p.email, p.email_verified, p.phone, p.photo_url,
    m.owner_id, m.property_id, m.user_role::app_role AS user_role, m.role::system_role AS role, p.two_factor_enabled
  FROM covenant.memberships m
  JOIN covenant.people p ON p.id = m.person_id
  WHERE m.app_id = (SELECT app_id FROM association_info);
--> statement-breakpoint
-- Writes to a member: the role, owner and unit go to the membership; name, phone, photo and the sign-in flags to
-- the person; a delete ends the membership (the person keeps their other associations); an insert adds a member.
CREATE FUNCTION users_write() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM covenant.memberships WHERE person_id = OLD.id AND app_id = (SELECT app_id FROM association_info);
    RETURN OLD;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE covenant.memberships SET user_role = NEW.user_role::text, role = NEW.role::text, owner_id = NEW.owner_id, property_id = NEW.property_id,
      updated_date = now()
      WHERE person_id = OLD.id AND app_id = (SELECT app_id FROM association_info);
    UPDATE covenant.people SET full_name = NEW.full_name, phone = NEW.phone, photo_url = NEW.photo_url, email_verified = NEW.email_verified,
      two_factor_enabled = NEW.two_factor_enabled, updated_date = now()
      WHERE id = OLD.id;
    RETURN NEW;
  END IF;
  INSERT INTO covenant.memberships (person_id, app_id, user_role, role, owner_id, property_id, created_by)
    VALUES (NEW.id, (SELECT app_id FROM association_info), NEW.user_role::text, coalesce(NEW.role::text, 'user'), NEW.owner_id, NEW.property_id, NEW.created_by);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_write INSTEAD OF INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION users_write();
--> statement-breakpoint
-- What the foreign keys of the old users table did: a deleted owner or unit is no longer anyone's link.
CREATE FUNCTION unlink_members() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_TABLE_NAME = 'owners' THEN
    UPDATE covenant.memberships SET owner_id = NULL WHERE app_id = (SELECT app_id FROM association_info) AND owner_id = OLD.id;
  ELSE
    UPDATE covenant.memberships SET property_id = NULL WHERE app_id = (SELECT app_id FROM association_info) AND property_id = OLD.id;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER owners_unlink_members AFTER DELETE ON "owners" FOR EACH ROW EXECUTE FUNCTION unlink_members();
--> statement-breakpoint
CREATE TRIGGER properties_unlink_members AFTER DELETE ON "properties" FOR EACH ROW EXECUTE FUNCTION unlink_members();
