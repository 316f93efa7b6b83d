CREATE TABLE "member_photo_files" (
	"photo_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "member_photo_files_photo_id_name_pk" PRIMARY KEY("photo_id","name")
);
--> statement-breakpoint
CREATE TABLE "member_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"version" text NOT NULL,
	"location_kept" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_photos_bytes_check" CHECK ("member_photos"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "finds" ADD COLUMN "photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notebook_entries" ADD COLUMN "photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "member_photo_files" ADD CONSTRAINT "member_photo_files_photo_id_member_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."member_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_photos" ADD CONSTRAINT "member_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_photos_member_idx" ON "member_photos" USING btree ("user_id");