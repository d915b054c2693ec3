// Personal-data fields generalised by kind (round 5): classes, data classes, structs, records and interfaces named after a
// person are data models wherever they live; OpenAPI/Swagger schema properties (YAML, JSON, @swagger JSDoc); national
// codes and NINs as national ids; a gender beside prices and SKUs describes goods. Each family has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("a declaration named after a person makes the file a data model in any folder", () => {
  it("finds personal fields in Kotlin data classes and TypeScript interfaces outside model folders", async () => {
    await check([
      ["Kotlin data class", "app/src/main/java/com/example/clinic/data/consts/Patient.kt", ["+data class Patient(", "+    var birthDate :String?=null,", "+    var bloodType :String?=null,", "+)"], "pii_retention"],
      ["TS interface", "src/app/insurances/shared/Customer.ts", ["+export interface Customer {", "+  national_code: string;", "+  mobile: string;", "+}"], "pii_retention"],
      ["C# DTO", "src/Api/Contracts/EmployeeDto.cs", ["+public class EmployeeDto", "+{", "+    public string NationalId { get; set; }", "+}"], "pii_retention"],
    ]);
  });

  it("stays quiet on services, UI state and classes not named after a person", async () => {
    await check([
      ["Kotlin UI state", "app/src/main/java/com/example/ui/SettingsState.kt", ["+data class SettingsState(", "+    val dateOfBirthVisible: Boolean,", "+    val phone: String,", "+)"], null],
      ["TS service", "src/app/services/user-service.ts", ["+export class UserService {", "+  phone: string;", "+}"], null],
      ["TS enum-like interface", "src/app/shared/phone.ts", ["+export interface PhoneFormat {", "+  phone_type: string;", "+}"], null],
    ]);
  });
});

describe("OpenAPI and Swagger schema properties", () => {
  it("finds personal properties in @swagger JSDoc blocks, OpenAPI YAML and JSON", async () => {
    await check([
      ["swagger JSDoc", "api/routes/swagger/schemas.js", ["+ *         birthDate:", "+ *           type: string", "+ *         gender:", "+ *           type: string"], "pii_retention"],
      ["OpenAPI YAML", "docs/api.yaml", ["+openapi: 3.0.0", "+components:", "+  schemas:", "+    Patient:", "+      properties:", "+        ssn:", "+          type: string"], "pii_retention"],
      ["OpenAPI JSON", "docs/openapi.json", ["+        \"dateOfBirth\": {", "+          \"type\": \"string\",", "+          \"format\": \"date\""], "pii_retention"],
    ]);
  });

  it("stays quiet on non-personal properties, plain YAML keys and comments outside OpenAPI", async () => {
    await check([
      ["swagger product", "api/routes/swagger/schemas.js", ["+ *         price:", "+ *           type: number"], null],
      ["plain YAML", "config/app.yaml", ["+birthDate:", "+  type: string"], null],
      ["comment in a JS file", "src/users.js", ["+ *         birthDate:", "+ *           type: string"], null],
      ["OpenAPI key without a type", "docs/openapi.yaml", ["+openapi: 3.0.0", "+x-contact:", "+  phone:", "+    +1 555 0100"], null],
    ]);
  });
});

describe("national codes, and gender as an attribute of goods", () => {
  it("finds a national code and a NIN column", async () => {
    await check([
      ["national code", "database/migrations/2024_01_01_add_national_code.php", ["+            $table->string('national_code')->nullable();"], "pii_retention"],
      ["NIN", "database/migrations/2024_01_01_add_nin.php", ["+            $table->string('NIN')->nullable();"], "pii_retention"],
    ]);
  });

  it("stays quiet on a product schema's gender beside its price and SKU, but not on a person's", async () => {
    await check([
      ["eyewear for men", "backend/models/men.model.js", ["+const menSchema = mongoose.Schema({", "+  price: Number,", "+  productId: String,", "+  gender: String,", "+});"], null],
    ]);
    await check([
      ["a member's gender", "backend/models/member.model.js", ["+const memberSchema = mongoose.Schema({", "+  name: String,", "+  gender: String,", "+});"], "pii_retention"],
    ]);
  });
});


describe("Java record components", () => {
  it("finds personal components declared one per line in a record", async () => {
    await check([
      ["record DTO", "src/main/java/org/example/controller/dto/Patient.java", ["+public record Patient(", "+    String id,", "+    String gender,", "+    LocalDate birthDate", "+) {", "+}"], "pii_retention"],
    ]);
  });

  it("stays quiet on the same shape as method parameters", async () => {
    await check([
      ["method parameters", "src/main/java/org/example/model/PatientFactory.java", ["+public class PatientFactory {", "+    public Patient create(", "+            String gender,", "+            LocalDate birthDate) {", "+        return null;", "+    }", "+}"], null],
    ]);
  });
});

describe("record expiry and pruning removed", () => {
  it("finds a Mongoose TTL written as a duration string, and Laravel pruning taken out", async () => {
    await check([
      ["expires as a string", "models/visitor.js", ["-  createdAt: { type: Date, default: Date.now, expires: '30d' },", "+  createdAt: { type: Date, default: Date.now },"], "pii_retention"],
      ["Prunable trait", "app/Models/Visit.php", ["-    use Prunable;", "-    public function prunable()", "-    {", "-        return static::where('created_at', '<=', now()->subMonth());", "-    }"], "pii_retention"],
      ["model:prune schedule", "app/Console/Kernel.php", ["-        $schedule->command('model:prune')->daily();"], "pii_retention"],
    ]);
  });

  it("stays quiet on cookie lifetimes, pruning added or moved, and a Prunable trait kept", async () => {
    await check([
      ["cookie lifetime", "src/auth/remember.js", ["-    Cookies.set('remember', value, { expires: 7 });", "+    Cookies.set('remember', value);"], null],
      ["pruning added", "app/Models/Visit.php", ["+    use Prunable;"], null],
      ["trait list reordered", "app/Models/Visit.php", ["-    use HasFactory, Prunable;", "+    use Prunable, HasFactory;"], null],
    ]);
  });
});
