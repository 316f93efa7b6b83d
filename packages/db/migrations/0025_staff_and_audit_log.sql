CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"device_id" integer,
	"role" text,
	"operator_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"ip" "inet"
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"vat_number" text,
	"contact_email" text NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_slug_unique" UNIQUE("slug"),
	CONSTRAINT "operators_kind_check" CHECK ("operators"."kind" in ('municipality', 'park', 'consortium', 'association', 'guide', 'company')),
	CONSTRAINT "operators_commission_check" CHECK ("operators"."commission_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'it' NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"role" text NOT NULL,
	"operator_id" integer,
	"area_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_grants_scope_check" CHECK (("staff_grants"."role" in ('admin', 'support')) = ("staff_grants"."operator_id" is null))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"operator_id" integer,
	"area_ids" integer[],
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"two_factor_at" timestamp with time zone,
	"reauthenticated_at" timestamp with time zone,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
-- Added without NOT NULL: the areas already written get their operator below (custom part),
-- which then sets NOT NULL. Keep this edit when the migration is generated again.
ALTER TABLE "areas" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_staff_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_operator_id_at_idx" ON "audit_log" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_idx" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_grants_staff_id_idx" ON "staff_grants" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_grants_operator_id_idx" ON "staff_grants" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_operator_id_idx" ON "staff_invitations" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_id_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_at_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_operator_id_idx" ON "areas" USING btree ("operator_id");--> statement-breakpoint
-- custom: the seeded operators, every existing area given to one, and an audit log that can
-- only grow (ADR 028). The operators are those of packages/db/src/seed/operators.ts.
INSERT INTO "operators" ("slug", "name", "kind", "vat_number", "contact_email", "commission_basis_points") VALUES
  ('unione-montana-appennino-ligure-emiliano', 'Unione Montana dell''Appennino Ligure-Emiliano', 'municipality', 'IT02871540347', 'permessi@unione-appennino.example', 800),
  ('comunita-montana-alpi-occidentali', 'Comunità Montana Alpi Occidentali', 'municipality', 'IT01987650042', 'raccolta@cm-alpiovest.example', 800),
  ('consorzio-valli-trentine', 'Consorzio Turistico Valli Trentine', 'consortium', 'IT02233440228', 'info@vallitrentine.example', 1000),
  ('ente-parchi-appennino', 'Ente Parchi dell''Appennino Centrale e Meridionale', 'park', 'IT00912370515', 'visite@parchi-appennino.example', 700),
  ('parco-coste-e-delta', 'Ente Parco delle Coste e del Delta', 'park', 'IT01544330388', 'accessi@costeedelta.example', 700),
  ('pescatori-del-trasimeno', 'Associazione Pescatori del Trasimeno', 'association', NULL, 'licenze@pescatoritrasimeno.example', 600),
  ('acque-vive-guide', 'Acque Vive Rafting & Canyoning', 'guide', 'IT03356780781', 'prenota@acquevive.example', 1200),
  ('alpine-gateways', 'Alpine Gateways AG', 'company', 'CHE-114.382.907', 'partners@alpinegateways.example', 1500),
  ('mancomunidad-pinares-y-estrecho', 'Mancomunidad de Montes Pinares y Estrecho', 'municipality', 'ESP4200031J', 'permisos@pinaresyestrecho.example', 800),
  ('zavod-julijske-alpe', 'Zavod Julijske Alpe in Kočevsko', 'consortium', 'SI47382915', 'dovolilnice@julijske-alpe.example', 1000)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
UPDATE "areas" SET "operator_id" = "operators"."id"
  FROM (VALUES
    ('val-taro', 'unione-montana-appennino-ligure-emiliano'),
    ('val-d-aveto', 'unione-montana-appennino-ligure-emiliano'),
    ('valle-stura', 'comunita-montana-alpi-occidentali'),
    ('valsesia', 'comunita-montana-alpi-occidentali'),
    ('altopiano-di-asiago', 'comunita-montana-alpi-occidentali'),
    ('val-di-sole', 'consorzio-valli-trentine'),
    ('alto-garda', 'consorzio-valli-trentine'),
    ('foreste-casentinesi', 'ente-parchi-appennino'),
    ('gran-sasso', 'ente-parchi-appennino'),
    ('valnerina', 'ente-parchi-appennino'),
    ('sila', 'ente-parchi-appennino'),
    ('delta-del-po', 'parco-coste-e-delta'),
    ('santuario-pelagos', 'parco-coste-e-delta'),
    ('golfo-di-orosei', 'parco-coste-e-delta'),
    ('litorale-di-nettuno', 'parco-coste-e-delta'),
    ('lago-trasimeno', 'pescatori-del-trasimeno'),
    ('fiume-lao', 'acque-vive-guide'),
    ('sierra-de-guara', 'acque-vive-guide'),
    ('dolina-soce', 'acque-vive-guide'),
    ('ticino-valle-verzasca', 'alpine-gateways'),
    ('engadina', 'alpine-gateways'),
    ('interlaken-jungfrau', 'alpine-gateways'),
    ('pinares-de-soria', 'mancomunidad-pinares-y-estrecho'),
    ('estrecho-de-gibraltar', 'mancomunidad-pinares-y-estrecho'),
    ('bohinj', 'zavod-julijske-alpe'),
    ('kocevsko', 'zavod-julijske-alpe')
  ) AS "owned" ("area_slug", "operator_slug")
  JOIN "operators" ON "operators"."slug" = "owned"."operator_slug"
  WHERE "areas"."slug" = "owned"."area_slug";
--> statement-breakpoint
-- Areas that are not seeded ones (synthetic data, areas added by hand) wait for an operator of
-- their own under one placeholder, so the column can be required.
INSERT INTO "operators" ("slug", "name", "kind", "vat_number", "contact_email", "commission_basis_points")
  SELECT 'operatore-da-assegnare', 'Operatore da assegnare', 'company', NULL, 'operators@sentiero.example', 0
  WHERE EXISTS (SELECT 1 FROM "areas" WHERE "operator_id" IS NULL)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
UPDATE "areas" SET "operator_id" = (SELECT "id" FROM "operators" WHERE "slug" = 'operatore-da-assegnare')
  WHERE "operator_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "areas" ALTER COLUMN "operator_id" SET NOT NULL;
--> statement-breakpoint
-- What staff did stays as it was written: not even the application's own role may rewrite or
-- erase it. Row triggers refuse UPDATE and DELETE, a statement trigger TRUNCATE.
CREATE FUNCTION "refuse_audit_log_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows can be added, never changed or removed (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_audit_log_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_audit_log_change"();
