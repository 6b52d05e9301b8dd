package io.structbridge.arrow;

import io.structbridge.annotations.Struct;

/**
 * A struct of one numeric member: its column is the struct file's data itself, so the Python Arrow export hands it
 * over without a copy ({@code PythonArrowExportTest}).
 *
 * @param v a {@code double}
 */
@Struct
public record OneValue(double v) {}
