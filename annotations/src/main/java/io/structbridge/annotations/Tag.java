package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a {@link Union} component of a {@link Struct} record a tagged union: the named sibling
 * component (the discriminator, an enum or an integral scalar declared before the union) says which
 * union member is live, as each member's {@link Case} lists.
 *
 * <p>With a tag the union gets JSON: the codec writes the union as an object holding only the live
 * member ({@code {"kind":"CIRCLE","shape":{"circle":{"r":1.5}}}}) and reads it only when exactly the
 * member the discriminator names is present; the JSON Schema says so with {@code if}/{@code then}
 * per member, Pydantic with a model validator, and the generated validator checks only the live
 * member (constraints on union members are allowed). A discriminator value that no {@link Case}
 * names is refused by JSON writing, reading, the schema and the validator. The native layout does
 * not change: the union is still a C {@code union} next to its discriminator.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Tag {
    /**
     * The name of the discriminator component of the same record.
     *
     * @return the component name
     */
    String value();
}
