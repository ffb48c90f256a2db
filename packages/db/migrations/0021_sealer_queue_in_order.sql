-- The sealer took each batch by joining the whole queue to the entries and sorting it by creation: with a large
-- backlog (a fresh bench history, a restore) every batch of 1,000 sorted the entire queue (0.8 s a batch at
-- 180,000 queued entries, competing with the runs). The queue now numbers what it holds in the order it was queued
-- and a batch is the next 1,000 by that number. Entries already queued are numbered as they are read here.
ALTER TABLE "journal_entries_unsealed" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_entries_unsealed_seq_idx" ON "journal_entries_unsealed" USING btree ("seq");