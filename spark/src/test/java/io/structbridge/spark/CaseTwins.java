package io.structbridge.spark;

import io.structbridge.annotations.Struct;

/** Members whose names differ only in case (PushdownExactnessSparkTest, {@code spark.sql.caseSensitive}). */
@Struct
public record CaseTwins(int vA, int va, long id) {}
