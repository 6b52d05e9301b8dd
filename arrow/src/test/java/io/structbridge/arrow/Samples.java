package io.structbridge.arrow;

import io.structbridge.annotations.Length;
import io.structbridge.annotations.Struct;

/**
 * A struct of one array member: the values of its fixed-size list are the struct file's data itself, so the Python
 * Arrow export hands them over without a copy ({@code PythonArrowExportTest}).
 *
 * @param v a {@code float[4]}
 */
@Struct
public record Samples(@Length(4) float[] v) {}
