/**
 * A Spark 4 DataSource V2 connector for struct files ({@code spark.read.format("structbridge")}): the
 * schema comes from the struct's {@link io.structbridge.runtime.Column columns}, each split maps its
 * own range of structs, and Spark reads them through column vectors over the mapped file, without
 * copying. See {@link io.structbridge.spark.StructBridgeSource} for the options and the type mapping.
 */
package io.structbridge.spark;
