/** The strict Jackson 3 configuration that structbridge's JSON Schemas describe. */
module io.structbridge.jackson {
    requires transitive tools.jackson.databind;
    requires transitive io.structbridge.runtime;
    exports io.structbridge.jackson;

    provides tools.jackson.databind.JacksonModule with io.structbridge.jackson.StructJsonModule;
}
