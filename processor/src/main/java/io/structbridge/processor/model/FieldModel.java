package io.structbridge.processor.model;

import java.util.List;

/**
 * One record component.
 *
 * @param name the component name
 * @param type what it is in native memory
 * @param explicitAlign the {@code @Align} value, or 0
 * @param assertedOffset the {@code @Offset} value, or -1
 * @param jsonName the JSON property name Jackson uses ({@code @JsonProperty}, {@code @JsonNaming})
 * @param description the component's documentation, or empty
 * @param constraints the Bean Validation constraints on it
 * @param since the layout version that added it ({@code @Since}), 1 by default
 * @param formerNames the names it had before a declared rename ({@code @FormerName}), oldest first
 * @param formerJsonNames the JSON names of {@code formerNames}, in their order: the JSON name the layout lock holds
 *     for the member of that name, else the name by the record's naming strategy; one may equal {@code jsonName} (a
 *     rename that kept the JSON name), see {@link #jsonAliases}
 */
public record FieldModel(String name, FieldType type, int explicitAlign, long assertedOffset,
                         String jsonName, String description, List<Constraint> constraints, int since,
                         List<String> formerNames, List<String> formerJsonNames) {
    public FieldModel {
        constraints = List.copyOf(constraints);
        formerNames = List.copyOf(formerNames);
        formerJsonNames = List.copyOf(formerJsonNames);
    }

    /** A component that was never renamed. */
    public FieldModel(String name, FieldType type, int explicitAlign, long assertedOffset,
                      String jsonName, String description, List<Constraint> constraints, int since) {
        this(name, type, explicitAlign, assertedOffset, jsonName, description, constraints, since, List.of(), List.of());
    }

    /**
     * {@return the JSON names readers accept besides {@code jsonName}: the former JSON names that differ from it, each
     * once, oldest first}
     */
    public List<String> jsonAliases() {
        return formerJsonNames.stream().filter(j -> !j.equals(jsonName)).distinct().toList();
    }

    /** {@return the name the layout fingerprint and C identity keep: the oldest former name, else the name} */
    public String layoutName() {
        return formerNames.isEmpty() ? name : formerNames.get(0);
    }

    /** A component of layout version 1. */
    public FieldModel(String name, FieldType type, int explicitAlign, long assertedOffset,
                      String jsonName, String description, List<Constraint> constraints) {
        this(name, type, explicitAlign, assertedOffset, jsonName, description, constraints, 1);
    }

    /** A component without JSON or validation information (tests, layout experiments). */
    public FieldModel(String name, FieldType type, int explicitAlign, long assertedOffset) {
        this(name, type, explicitAlign, assertedOffset, name, "", List.of());
    }
}
