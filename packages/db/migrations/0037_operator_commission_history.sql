CREATE TABLE "operator_commission_rates" (
	"operator_id" integer NOT NULL,
	"from_month" date NOT NULL,
	"basis_points" integer NOT NULL,
	"set_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_commission_rates_operator_id_from_month_pk" PRIMARY KEY("operator_id","from_month"),
	CONSTRAINT "operator_commission_rates_bps_check" CHECK ("operator_commission_rates"."basis_points" between 0 and 10000),
	CONSTRAINT "operator_commission_rates_month_check" CHECK (extract(day from "operator_commission_rates"."from_month") = 1)
);
--> statement-breakpoint
-- Each operator's rate so far is its rate from its first month on (ADR 042): past statements keep it.
INSERT INTO "operator_commission_rates" ("operator_id", "from_month", "basis_points")
SELECT "id", date_trunc('month', "created_at" AT TIME ZONE 'Europe/Rome')::date, "commission_basis_points"
  FROM "operators";--> statement-breakpoint
ALTER TABLE "operators" DROP CONSTRAINT "operators_commission_check";--> statement-breakpoint
ALTER TABLE "operator_commission_rates" ADD CONSTRAINT "operator_commission_rates_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_commission_rates" ADD CONSTRAINT "operator_commission_rates_set_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("set_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "commission_basis_points";