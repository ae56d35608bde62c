CREATE TABLE "events_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
