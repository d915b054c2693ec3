// Round 12: schema languages taken from each ORM's and migration tool's documentation, so that a sensitive column is
// found whichever tool declares it: Entity Framework 6 and EF Core migrations, Python fields imported by name or from
// other packages (Peewee, Tortoise, MongoEngine, django-localflavor), Exposed tables, Room entities, GRDB, Doctrine
// annotations, Yii and CodeIgniter migrations, ent, Diesel, Hibernate mappings, Core Data models, drift tables and
// Dart model classes. Each has a look-alike that is not storage of a person's data.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("sensitive columns in more schema languages", () => {
  it("finds them in .NET, Python, Kotlin, Swift, PHP, Go, Rust, XML and Dart schemas", async () => {
    await check([
      ["EF6 AddColumn", "DotNetCoreConsole/Migrations/201805082356016_addBirthDateToUser.cs", [
        "         public override void Up()", "         {",
        '+            AddColumn("dbo.Users", "BirthDate", c => c.DateTime());',
        "         }",
      ], "pii_retention"],
      ["EF6 CreateTable", "Migrations/201901_Init.cs", [
        '             CreateTable(', '                 "dbo.Patients",', '                 c => new', '                     {',
        "+                        SocialSecurityNumber = c.String(maxLength: 11),",
      ], "pii_retention"],
      ["EF Core CreateTable", "Migrations/20200101000000_Init.cs", [
        "                 columns: table => new", "                 {",
        "+                    Ssn = table.Column<string>(type: \"nvarchar(11)\", nullable: true),",
      ], "pii_retention"],
      ["django-localflavor IBANField", "users/models.py", [
        "+class CustomerUser(models.Model):",
        "+    first_name = models.CharField(max_length=255)",
        "+    iban = IBANField(include_countries=IBAN_SEPA_COUNTRIES)",
      ], "pii_retention"],
      ["Peewee", "app/models.py", [" class Patient(BaseModel):", "+    diagnosis = TextField(null=True)"], "pii_retention"],
      ["Tortoise", "app/models.py", [" class Patient(Model):", "+    date_of_birth = fields.DateField()"], "pii_retention"],
      ["Exposed", "src/main/kotlin/db/Users.kt", [" object Users : IntIdTable() {", '+    val dateOfBirth = date("date_of_birth")'], "pii_retention"],
      ["Room", "app/src/main/java/com/x/data/User.kt", [' @Entity(tableName = "users")', " data class User(", '+    @ColumnInfo(name = "ssn") val ssn: String?,'], "pii_retention"],
      ["GRDB", "Sources/App/Database.swift", [' try db.create(table: "player") { t in', '+    t.column("dateOfBirth", .date)'], "pii_retention"],
      ["Doctrine annotation", "src/Entity/Customer.php", [" class Customer", " {", "+    /**", '+     * @ORM\\Column(type="string", length=34)', "+     */", "+    private $iban;"], "pii_retention"],
      ["Yii addColumn", "console/migrations/m200101_000000_add_dob.php", ["+        $this->addColumn('{{%user}}', 'date_of_birth', $this->date());"], "pii_retention"],
      ["Yii createTable", "console/migrations/m200101_000000_create_patient.php", ["         $this->createTable('{{%patient}}', [", "+            'diagnosis' => $this->text(),"], "pii_retention"],
      ["CodeIgniter dbforge", "app/Database/Migrations/2020-01-01-000000_AddCustomers.php", ["         $this->forge->addField([", "+            'national_id' => ['type' => 'VARCHAR', 'constraint' => 20],"], "pii_retention"],
      ["ent", "ent/schema/user.go", [" func (User) Fields() []ent.Field {", " \treturn []ent.Field{", '+\t\tfield.Time("date_of_birth"),'], "pii_retention"],
      ["Diesel", "src/schema.rs", [" diesel::table! {", "     patients (id) {", "+        diagnosis -> Nullable<Text>,"], "pii_retention"],
      ["Hibernate mapping", "src/main/resources/com/x/Patient.hbm.xml", ['+        <property name="ssn" column="SSN" type="string"/>'], "pii_retention"],
      ["Core Data", "App/Model.xcdatamodeld/Model.xcdatamodel/contents", ['+        <attribute name="dateOfBirth" optional="YES" attributeType="Date" usesScalarValueType="NO"/>'], "pii_retention"],
      ["drift", "lib/database/tables.dart", [" class Patients extends Table {", "+  TextColumn get diagnosis => text()();"], "pii_retention"],
      ["freezed", "lib/models/user.dart", [" @freezed", " class User with _$User {", "   const factory User({", "+    required DateTime dateOfBirth,"], "pii_retention"],
    ]);
  });

  it("leaves forms, serializers, non-person tables, widgets and ordinary columns alone", async () => {
    await check([
      ["Django form field", "accounts/forms.py", [" class SignupForm(forms.Form):", "+    date_of_birth = forms.DateField()"], null],
      ["WTForms field", "app/forms.py", [" class EmployeeForm(FlaskForm):", "+    date_of_birth = DateField(\"Date of Birth\", format=\"%Y-%m-%d\")"], null],
      ["DRF serializer field named after a person", "api/serializers.py", [" class User(ModelSerializer):", "+    date_of_birth = DateField(required=False)"], null],
      ["form field with no class in view", "app/forms.py", ["+from wtforms import DateField, StringField", "+    date_of_birth = DateField('Date of birth')"], null],
      ["EF6 AddColumn of a plain column", "Migrations/201805_AddTitle.cs", ['+            AddColumn("dbo.Posts", "Title", c => c.String());'], null],
      ["Yii createTable of products", "console/migrations/m200101_000000_create_product.php", ["         $this->createTable('{{%product}}', [", "+            'title' => $this->string(),"], null],
      ["PHP form definition array", "app/Forms/ContactForm.php", ["         return [", "+            'phone' => ['type' => 'text', 'label' => 'Phone'],"], null],
      ["Flutter widget property", "lib/widgets/contact_card.dart", [" class ContactCard extends StatelessWidget {", "+  final String phone;"], null],
      ["ent field of a product", "ent/schema/product.go", [" func (Product) Fields() []ent.Field {", '+\t\tfield.String("title"),'], null],
      ["Diesel removed column", "src/schema.rs", ["     patients (id) {", "-        diagnosis -> Nullable<Text>,"], null],
    ]);
  });
});
