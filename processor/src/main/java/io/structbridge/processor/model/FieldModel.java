package io.structbridge.processor.model;

/**
 * One record component.
 *
 * @param name the component name
 * @param type what it is in native memory
 * @param explicitAlign the {@code @Align} value, or 0
 * @param assertedOffset the {@code @Offset} value, or -1
 */
public record FieldModel(String name, FieldType type, int explicitAlign, long assertedOffset) {}
